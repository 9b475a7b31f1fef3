/** An acceptable answer of a development case (eval/dev-set.ts): a source cell, stable when keys are renamed. */
export interface EvalAnswer {
  /** Edition id (`source.id`). */
  source: string
  cell_ref: string
  /** The key it had when the case was resolved against the release (informative; matching uses the cell). */
  key_when_written: string
}
