/**
 * Names that tell factors apart (issue 17): where several items of one edition share a name,
 * every member gets, in brackets, the first of its qualifiers (labels read from the file, most
 * meaningful first) whose values all differ within the group; if none does, all of them.
 */
export function uniqueNames<T>(items: readonly T[], nameOf: (item: T) => string, qualifiersOf: (item: T) => readonly string[]): Map<T, string> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const name = nameOf(item)
    const list = groups.get(name)
    if (list) list.push(item)
    else groups.set(name, [item])
  }
  const out = new Map<T, string>()
  for (const [name, list] of groups) {
    if (list.length < 2) continue
    const quals = list.map(qualifiersOf)
    const width = Math.max(...quals.map((q) => q.length))
    const level = Array.from({ length: width }, (_, i) => i).find((i) => new Set(quals.map((q) => q[i] ?? '')).size === list.length)
    list.forEach((item, n) => {
      const q = quals[n] ?? []
      const extra = level === undefined ? q.filter((x) => x !== '').join(', ') : q[level]
      out.set(item, extra ? `${name} (${extra})` : name)
    })
  }
  return out
}
