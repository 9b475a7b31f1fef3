/**
 * Categories of a company's spend ledger, written 2026-11-24 14:00 UTC after trying resolve as a new
 * user with `unit: "USD"` (none taken from the development set, whose purchase lines are the City of
 * Austin's product lines): "office cleaning" ranked office furniture first, "office rent" office
 * machinery rental, "fuel cards" greeting cards, "freight forwarding" satellite telecommunications.
 * The synonym table now names the industries that sell them. Written knowing the failure, so they are
 * TRAINING cases only, like eval/cases-3.ts: the held-out split stays the one frozen before any ranker
 * was fitted (dev-set.ts). Answers are key patterns read from the release build (2026.2).
 */
import { caseRows, type CaseRow, naicsKey as naics } from './case-rows.ts'
import type { EvalCaseSpec } from './cases.ts'

const ROWS: CaseRow[] = [
  ['office cleaning', 'USD', 'US', naics('561720')],
  ['cleaning services contract $', null, null, naics('561720')],
  ['office rent', 'USD', 'US', naics('531120')],
  ['rent of premises USD', null, null, naics('531120')],
  ['airfare', 'USD', null, naics('481111')],
  ['air tickets for staff travel $', null, null, naics('481111')],
  ['fuel cards', 'USD', 'US', naics('447(110|190)')],
  ['fleet fuel card spend', null, null, naics('447(110|190)')],
  ['freight forwarding', 'USD', 'US', naics('488510')],
  ['customs broker fees USD', null, null, naics('488510')],
  ['recruitment agency', 'USD', 'US', naics('5613(11|12)')],
  ['staffing agency fees $', null, null, naics('5613(11|20)')],
  ['facilities management', 'USD', 'US', naics('561210')],
  ['building maintenance contract USD', null, null, naics('561(210|790)')],
]

export const CASES_6: EvalCaseSpec[] = caseRows(ROWS)
