/**
 * The data releases, declared in code (docs/decisions.md §2). A release is immutable: an `mb_version`,
 * the date it came into force, and the dataset editions it holds.
 *
 * The rule that decides what a release holds: on its `released_at` date, each series (a
 * dataset whose editions replace each other, e.g. the UK conversion factors) contributes its
 * newest edition — newest by edition order in the lock — whose `published_at` is on or before
 * that date. The list below is written out so a release never changes silently when the lock
 * does; `checkReleases` verifies it against the rule, and the build refuses a mismatch.
 *
 * Release dates: every distinct `published_at` in the lock opens a release, so a date `as_of`
 * gets exactly the editions in force on that day (`checkReleases` refuses a publication date
 * without one). A release on the lock's retrieval date is added only when it would differ
 * from the last one; today it would not. `<year>.<n>` counts releases in date order within
 * the release date's year.
 *
 * Renumbered on 2026-11-22 (before any outside publication): the first list declared releases
 * only at UK publication dates, 2023-09-14 and 2026-11-22. 2016.1, 2017.1, 2018.1 and 2020.1
 * are unchanged; the rest moved to make room for the editions published between them (old ->
 * new: 2021.1 -> 2021.2, 2022.1 -> 2022.3, 2023.1 -> 2023.2, 2023.2 -> 2023.4, 2024.1 -> 2024.4,
 * 2025.1 -> 2025.3, 2026.1 -> 2026.2 dated 2026-06-10 with the same editions).
 *
 * UK 2019 is in no release: the only UK 2019 file we hold is the v1.03 reissue whose front page
 * states only "Updated: 2020-07-01" (no original publication date) — after the UK 2020 edition
 * (2020-05-28) — so it is never the newest UK edition in force on any date.
 */
import type { LockEdition } from './lock/schema.ts'

export interface ReleaseDecl {
  mb_version: string
  released_at: string
  /** Edition ids (lock `id`), sorted. */
  editions: string[]
}

export const RELEASES: readonly ReleaseDecl[] = [
  { mb_version: '2016.1', released_at: '2016-09-21', editions: ['uk-desnz-ghg-cf-2016'] },
  { mb_version: '2017.1', released_at: '2017-08-04', editions: ['uk-desnz-ghg-cf-2017'] },
  { mb_version: '2018.1', released_at: '2018-06-08', editions: ['uk-desnz-ghg-cf-2018'] },
  { mb_version: '2020.1', released_at: '2020-05-28', editions: ['uk-desnz-ghg-cf-2020'] },
  { mb_version: '2020.2', released_at: '2020-07-01', editions: ['de-oekobaudat-2020-ii', 'uk-desnz-ghg-cf-2020'] },
  { mb_version: '2021.1', released_at: '2021-07-29', editions: [
    'au-dcceew-nga-2021', 'de-oekobaudat-2020-ii', 'uk-desnz-ghg-cf-2020',
  ] },
  { mb_version: '2021.2', released_at: '2021-10-22', editions: [
    'au-dcceew-nga-2021', 'de-oekobaudat-2020-ii', 'uk-desnz-ghg-cf-2021',
  ] },
  { mb_version: '2022.1', released_at: '2022-01-01', editions: [
    'au-dcceew-nga-2021', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2021', 'tgwf-co2js-marginal-2021',
    'uk-desnz-ghg-cf-2021', 'unfccc-ifi-grid-2021',
  ] },
  { mb_version: '2022.2', released_at: '2022-05-12', editions: [
    'au-dcceew-nga-2021', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2021',
    'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2021', 'unfccc-ifi-grid-2021',
  ] },
  { mb_version: '2022.3', released_at: '2022-09-08', editions: [
    'au-dcceew-nga-2021', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2021',
    'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2022', 'unfccc-ifi-grid-2021',
  ] },
  { mb_version: '2022.4', released_at: '2022-11-08', editions: [
    'au-dcceew-nga-2022', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2021',
    'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2022', 'unfccc-ifi-grid-2021',
  ] },
  { mb_version: '2023.1', released_at: '2023-01-01', editions: [
    'au-dcceew-nga-2022', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2022',
    'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2022', 'unfccc-ifi-grid-2021', 'us-epa-scghg-v1-2',
  ] },
  { mb_version: '2023.2', released_at: '2023-06-20', editions: [
    'au-dcceew-nga-2022', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2022',
    'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2023', 'unfccc-ifi-grid-2021', 'us-epa-scghg-v1-2',
  ] },
  { mb_version: '2023.3', released_at: '2023-09-12', editions: [
    'au-dcceew-nga-2022', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2022',
    'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2023', 'unfccc-ifi-grid-2021', 'us-epa-ghg-hub-2023', 'us-epa-scghg-v1-2',
  ] },
  { mb_version: '2023.4', released_at: '2023-09-14', editions: [
    'au-dcceew-nga-2023', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2022',
    'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2023', 'unfccc-ifi-grid-2021', 'us-epa-ghg-hub-2023', 'us-epa-scghg-v1-2',
  ] },
  { mb_version: '2024.1', released_at: '2024-01-01', editions: [
    'au-dcceew-nga-2023', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2023',
    'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2023', 'unfccc-ifi-grid-2021', 'us-epa-ghg-hub-2023', 'us-epa-scghg-v1-3',
  ] },
  { mb_version: '2024.2', released_at: '2024-02-13', editions: [
    'au-dcceew-nga-2023', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2023',
    'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2023', 'unfccc-ifi-grid-2021', 'us-epa-ghg-hub-2024', 'us-epa-scghg-v1-3',
  ] },
  { mb_version: '2024.3', released_at: '2024-09-02', editions: [
    'au-dcceew-nga-2024', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2023',
    'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2023', 'unfccc-ifi-grid-2021', 'us-epa-ghg-hub-2024', 'us-epa-scghg-v1-3',
  ] },
  { mb_version: '2024.4', released_at: '2024-10-30', editions: [
    'au-dcceew-nga-2024', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2023',
    'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2024', 'unfccc-ifi-grid-2021', 'us-epa-ghg-hub-2024', 'us-epa-scghg-v1-3',
  ] },
  { mb_version: '2025.1', released_at: '2025-01-01', editions: [
    'au-dcceew-nga-2024', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2024',
    'tgwf-co2js-ember-avg', 'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2024', 'unfccc-ifi-grid-2021',
    'us-epa-ghg-hub-2024', 'us-epa-scghg-v1-3',
  ] },
  { mb_version: '2025.2', released_at: '2025-03-27', editions: [
    'au-dcceew-nga-2024', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2024',
    'tgwf-co2js-ember-avg', 'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2024', 'unfccc-ifi-grid-2021', 'us-epa-egrid-2023',
    'us-epa-ghg-hub-2024', 'us-epa-scghg-v1-3',
  ] },
  { mb_version: '2025.3', released_at: '2025-06-03', editions: [
    'au-dcceew-nga-2024', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2024',
    'tgwf-co2js-ember-avg', 'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2025', 'unfccc-ifi-grid-2021', 'us-epa-egrid-2023',
    'us-epa-ghg-hub-2024', 'us-epa-scghg-v1-3',
  ] },
  { mb_version: '2025.4', released_at: '2025-09-01', editions: [
    'au-dcceew-nga-2025', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2024',
    'tgwf-co2js-ember-avg', 'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2025', 'unfccc-ifi-grid-2021', 'us-epa-egrid-2023',
    'us-epa-ghg-hub-2024', 'us-epa-scghg-v1-3',
  ] },
  { mb_version: '2026.1', released_at: '2026-01-01', editions: [
    'au-dcceew-nga-2025', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2025',
    'tgwf-co2js-ember-avg', 'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2025', 'unfccc-ifi-grid-2021', 'us-epa-egrid-2023',
    'us-epa-ghg-hub-2024', 'us-epa-scghg-v1-3',
  ] },
  { mb_version: '2026.2', released_at: '2026-06-10', editions: [
    'au-dcceew-nga-2025', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii', 'tgwf-co2js-emaps-2025',
    'tgwf-co2js-ember-avg', 'tgwf-co2js-marginal-2021', 'uk-desnz-ghg-cf-2026', 'unfccc-ifi-grid-2021', 'us-epa-egrid-2023',
    'us-epa-ghg-hub-2024', 'us-epa-scghg-v1-3',
  ] },
]

/** The rule: per series, the newest edition (lock order) published on or before `date`. Sorted ids. */
export function editionsInForce(editions: readonly LockEdition[], date: string): string[] {
  const newest = new Map<string, string>()
  for (const e of editions) if (e.published_at <= date) newest.set(e.series, e.id)
  return [...newest.values()].sort()
}

/** Problems with the declared releases (empty when they follow the rule). */
export function checkReleases(releases: readonly ReleaseDecl[], editions: readonly LockEdition[]): string[] {
  const problems: string[] = []
  const known = new Set(editions.map((e) => e.id))
  const seen = new Set<string>()
  let prev: ReleaseDecl | undefined
  for (const r of releases) {
    if (!/^\d{4}\.\d+$/.test(r.mb_version)) problems.push(`${r.mb_version}: not <year>.<number>`)
    if (seen.has(r.mb_version)) problems.push(`${r.mb_version}: declared twice`)
    seen.add(r.mb_version)
    if (prev && !(prev.released_at < r.released_at)) problems.push(`${r.mb_version}: released_at ${r.released_at} is not after ${prev.mb_version} (${prev.released_at})`)
    for (const id of r.editions) if (!known.has(id)) problems.push(`${r.mb_version}: unknown edition ${id}`)
    const expected = editionsInForce(editions, r.released_at)
    const got = [...r.editions].sort()
    if (expected.join(',') !== got.join(',')) {
      const missing = expected.filter((id) => !got.includes(id))
      const extra = got.filter((id) => !expected.includes(id))
      problems.push(`${r.mb_version}: editions do not follow the rule (missing ${missing.join(', ') || '-'}; extra ${extra.join(', ') || '-'})`)
    }
    if (prev && [...prev.editions].sort().join(',') === got.join(',')) problems.push(`${r.mb_version}: holds the same editions as ${prev.mb_version}`)
    const year = r.released_at.slice(0, 4)
    const n = prev?.released_at.slice(0, 4) === year ? Number(prev.mb_version.split('.')[1]) + 1 : 1
    if (r.mb_version !== `${year}.${n}`) problems.push(`${r.mb_version}: released ${r.released_at}, so its number is ${year}.${n} (date order within the year)`)
    prev = r
  }
  problems.push(...missingPublicationDates(releases, editions))
  return problems
}

/**
 * `as_of` is exact only when no edition arrives between two releases: the release in force on
 * each publication date must hold the editions in force on it.
 */
function missingPublicationDates(releases: readonly ReleaseDecl[], editions: readonly LockEdition[]): string[] {
  const problems: string[] = []
  for (const date of [...new Set(editions.map((e) => e.published_at))].sort()) {
    const expected = editionsInForce(editions, date).join(',')
    let inForce: ReleaseDecl | undefined
    for (const r of releases) if (r.released_at <= date) inForce = r
    if (inForce && [...inForce.editions].sort().join(',') === expected) continue
    problems.push(`${date}: an edition is published on this date but ${inForce ? `${inForce.mb_version} (${inForce.released_at}) does not hold it` : 'no release is in force'}; declare a release on ${date}`)
  }
  return problems
}
