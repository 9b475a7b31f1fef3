/** Shape of eval/resolve-eval.json: each case's acceptable answers are source cells. */
export interface EvalAnswer {
  /** Edition id (`source.id`). */
  source: string
  cell_ref: string
  /** The key it had when the case was written (informative; matching uses the cell). */
  key_when_written: string
}

export interface EvalCase {
  description: string
  country?: string
  unit?: string
  note?: string
  /** Which batch the case belongs to (see eval/cases.ts). */
  set?: 'dev' | 'holdout' | 'holdout2' | 'holdout3' | 'holdout4' | 'holdout5'
  accept: EvalAnswer[]
}

export interface EvalFile {
  format: 'openfactors.resolve-eval/1'
  built_against: string
  cases: EvalCase[]
}
