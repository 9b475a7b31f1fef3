// Node module hook: resolve `@openfactors/*` packages to their TypeScript sources (the
// `@openfactors/source` export condition), for launchers run with plain `node` inside the repo.
export async function resolve(specifier, context, next) {
  return next(specifier, { ...context, conditions: [...context.conditions, '@openfactors/source'] })
}
