/** Engine version, part of every receipt: a change in calculation rules bumps it. */
export const ENGINE_VERSION = '0.40.0'
