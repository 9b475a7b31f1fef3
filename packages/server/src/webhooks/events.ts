/** Webhook event names (kept apart from the dispatcher so the web-standard app need not load it). */
export const RELEASE_EVENT = 'data_version.released'
