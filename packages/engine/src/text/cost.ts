/**
 * Cost caps of the text searches (server hardening): a query is searched on at most
 * `MAX_QUERY_WORDS` distinct words and a missing key is compared on at most `MAX_KEY_CHARS`
 * characters, so no text, however long or repetitive, makes one call expensive.
 */
export const MAX_QUERY_WORDS = 12
export const MAX_KEY_CHARS = 200

/** The first `max` distinct words of a text, joined by spaces (what the searches run on). */
export function boundedQuery(text: string, max = MAX_QUERY_WORDS): string {
  const seen = new Set<string>()
  for (const word of text.slice(0, max * 64).split(/[^\p{L}\p{N}]+/u)) {
    if (word === '') continue
    seen.add(word.toLowerCase())
    if (seen.size >= max) break
  }
  return [...seen].join(' ')
}
