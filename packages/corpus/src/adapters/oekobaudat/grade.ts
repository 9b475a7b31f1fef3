/**
 * The `<grade>` segment of a material key: what tells this dataset apart within its
 * category and type, from the dataset's English name (published, else glossary-translated).
 * A concrete strength class wins (`C 25/30` -> `c25_30`, `LC 12/13` -> `lc12_13`); otherwise
 * the name's words, minus those the category/type already say and minus filler words.
 */
import { slugify } from '../../keys/slug.ts'

const MAX_GRADE = 60
const FILLER = new Set(['and', 'of', 'the', 'for', 'with', 'in', 'to', 'on', 'as', 'de'])

export function strengthClass(name: string): string | null {
  const m = /\b(L?C)\s?(\d{1,3})\s?\/\s?(\d{1,3})\b/.exec(name)
  return m ? `${m[1]!.toLowerCase()}${m[2]}_${m[3]}` : null
}

/** Singular/plural-insensitive word stem, so `boards` is covered by a type saying `board`. */
const stem = (w: string): string => w.replace(/(?:es|s)$/, '')

export function gradeOf(nameEn: string, category: string, type: string): string {
  const cls = strengthClass(nameEn)
  if (cls) return cls
  const said = new Set([...category.split('_'), ...type.split('_')].map(stem))
  const words = slugify(nameEn.replace(/\(average DE\)/i, 'average'), Number.MAX_SAFE_INTEGER)
    .split('_')
    .filter((w) => w !== '' && !FILLER.has(w) && !said.has(stem(w)))
  const grade = slugify(words.join('_'), MAX_GRADE)
  return grade || 'generic'
}
