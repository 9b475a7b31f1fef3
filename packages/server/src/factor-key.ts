/**
 * The bound on a factor key, the same for `GET /v1/factors/{key}`, the MCP `lookup_factor` tool and
 * the `factor://{key}` resource: at most 200 characters of letters, digits, `.`, `_` and `-`
 * (real keys are `<domain>.<country>.<subject>.<method>`, lower case, under 140 characters).
 * Checked before the engine's candidate search runs.
 */
import { z } from 'zod'

export const FACTOR_KEY_MAX = 200

export const FactorKeySchema = z.string()
  .trim()
  .min(1, 'must not be empty')
  .max(FACTOR_KEY_MAX, `must be at most ${FACTOR_KEY_MAX} characters`)
  .regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, ".", "_" and "-"')

/** A key the schema accepts as it is (no spaces to trim, within the length, only allowed characters). */
export const PLAIN_FACTOR_KEY = new RegExp(`^[A-Za-z0-9._-]{1,${FACTOR_KEY_MAX}}$`)
