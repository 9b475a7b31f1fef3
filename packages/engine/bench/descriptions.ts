/** Resolve descriptions for the benchmark: the evaluation set's, read from eval/resolve-eval.json. */
import evalSet from '../eval/resolve-eval.json' with { type: 'json' }

export function EVAL_DESCRIPTIONS_FOR_BENCH(): string[] {
  return (evalSet as { cases: Array<{ description: string }> }).cases.map((c) => c.description)
}
