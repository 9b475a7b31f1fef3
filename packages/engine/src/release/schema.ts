/**
 * The data-release artifact: the one contract between `packages/corpus` (which writes it)
 * and the engine (which loads it). A release is immutable: a fixed set of dataset editions
 * plus the ingest rules, identified by `mb_version` (`<year>.<number>`).
 *
 * Kept small on purpose: the latest release is what the browser downloads, so the source
 * metadata sits once per edition in `editions` and each factor names its edition by id.
 */
import { z } from 'zod'
import { ResolveModelSchema } from './resolve-model.ts'
import { WordVectorsSchema } from './word-vectors.ts'

export { ResolveModelSchema } from './resolve-model.ts'
export type { ResolveModel } from './resolve-model.ts'
export { WordVectorsSchema } from './word-vectors.ts'
export type { WordVectors } from './word-vectors.ts'

export const RELEASE_FORMAT = 'openfactors.release/1' as const

/** `<domain>.<country_code>.<subject>.<method>`; each segment `[a-z0-9_]+`. */
export const FACTOR_KEY_PATTERN = /^[a-z0-9_]+\.[a-z0-9_]+\.[a-z0-9_]+\.[a-z0-9_]+$/
export const MB_VERSION_PATTERN = /^\d{4}\.\d+$/

export const ScopeSchema = z.enum(['scope_1', 'scope_2', 'scope_3', 'outside_scopes'])
export type Scope = z.infer<typeof ScopeSchema>

/** A value read from one published cell. `cell_ref` is proven by the corpus build. */
export const CellValueSchema = z.object({ value: z.number(), cell_ref: z.string() })
export type CellValue = z.infer<typeof CellValueSchema>

export const LicenseSchema = z.object({
  name: z.string(),
  spdx: z.string().nullable(),
  url: z.string().nullable(),
})

/**
 * What a published source says about itself, declared once: the corpus lock entry, the artifact's
 * edition and the `source` object served with every factor all spread these fields.
 */
export const PublicationSchema = z.object({
  title: z.string(),
  publisher: z.string(),
  url: z.string(),
  license: LicenseSchema,
  redistributable: z.boolean(),
  attribution: z.string(),
})

/** When the file was downloaded and when its publisher published it (YYYY-MM-DD). */
export const SourceDatesSchema = z.object({
  retrieved_at: z.string(),
  published_at: z.string(),
})

/** One dataset edition (e.g. `uk-desnz-ghg-cf-2025`): the source metadata shared by its factors. */
export const EditionSchema = z.object({
  /** Source id served as `source.id`: dataset slug + edition, e.g. `uk-desnz-ghg-cf-2025`. */
  id: z.string(),
  /** Dataset slug (folder in the datasets directory), e.g. `uk-desnz-ghg-conversion-factors`. */
  dataset: z.string(),
  edition: z.string(),
  ...PublicationSchema.shape,
  /** Files of this edition, relative to the datasets directory, with their sha256. */
  files: z.array(z.object({ path: z.string(), sha256: z.string() })),
  ...SourceDatesSchema.shape,
})
export type Edition = z.infer<typeof EditionSchema>

export const GasSchema = z.enum(['co2', 'ch4', 'n2o', 'hfc', 'pfc', 'sf6', 'nf3', 'other'])

/** Per-unit data that converts a material quantity to mass (ÖKOBAUDAT). */
export const MaterialDataSchema = z.object({
  /** Unit the module values are declared per: kg, m3, m2, m, piece. */
  declared_unit: z.enum(['kg', 't', 'm3', 'm2', 'm', 'piece', 'kwh', 'mj', 'other']),
  /** Published reference quantity (ÖKOBAUDAT `Bezugsgroesse`), usually 1. */
  declared_quantity: CellValueSchema.nullable(),
  density_kg_m3: CellValueSchema.nullable(),
  area_mass_kg_m2: CellValueSchema.nullable(),
  /** Mass of one declared quantity in kg (ÖKOBAUDAT `Umrechungsfaktor auf 1kg` where the dataset publishes it as kg per declared quantity). */
  kg_per_declared_unit: CellValueSchema.nullable(),
  /**
   * Declared quantities per kg: the same column where the dataset publishes it as the column's
   * name says (conversion factor to 1 kg), the reciprocal of kg per declared quantity. At most one
   * of `kg_per_declared_unit` and `units_per_kg` is set; kg per declared quantity = 1 / units_per_kg.
   */
  units_per_kg: CellValueSchema.nullable().optional(),
  /** How the published conversion factor was read (which published cells confirmed it, or the rule used). */
  mass_factor_reading: z.string().optional(),
  /** Layer thickness in metres where published. */
  thickness_m: CellValueSchema.nullable(),
  /** Whether the dataset reports biogenic carbon apart (not in the 2020-II export). */
  biogenic_separate: z.boolean(),
})
export type MaterialData = z.infer<typeof MaterialDataSchema>

/** EN 15978 module labels as published (A1-A3 combined, or A1/A2/A3 separately). */
export const ModuleLabelSchema = z.enum([
  'A1-A3', 'A1', 'A2', 'A3', 'A4', 'A5',
  'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7',
  'C1', 'C2', 'C3', 'C4', 'D',
])
export type ModuleLabel = z.infer<typeof ModuleLabelSchema>

/**
 * What a row is (issue 17). Only `emission_factor` rows are offered by search defaults, resolve
 * and the calculations; the other kinds stay reachable by key (lookup).
 * - `emission_factor`: a whole factor to multiply an activity by.
 * - `component`: a part of a factor the publisher also gives whole (EPA supply-chain margins).
 * - `not_for_inventory`: a rate the publisher says not to use for an inventory (EPA Hub
 *   non-baseload rates).
 * - `property`: a property of a fuel or material, not an emission rate.
 * Rows without `kind` (artifacts built before it existed) are emission factors.
 */
export const FactorKindSchema = z.enum(['emission_factor', 'component', 'not_for_inventory', 'property'])
export type FactorKind = z.infer<typeof FactorKindSchema>

/**
 * The basis a value is stated on, as the publisher states it, where one applies. Every field
 * is optional; a field is set only when the file says so (a sheet note, a table title, a
 * column header, a description).
 */
export const FactorBasisSchema = z.object({
  /** Calorific-value basis of an energy quantity: gross (GCV, HHV) or net (NCV, LHV). */
  calorific_value: z.enum(['gross', 'net']).optional(),
  /**
   * Price basis of a spend factor: currency, price year and the price the spend is measured at
   * (producer, purchaser or basic price; `not_stated` where the publisher does not say).
   */
  price: z.object({ currency: z.string(), year: z.number().int(), basis: z.enum(['producer', 'purchaser', 'basic', 'not_stated']) }).optional(),
  /** What the mass counts: CO2-equivalents of all gases, or CO2 alone ("provided in CO2 only"). */
  ghg: z.enum(['co2e', 'co2']).optional(),
  /** Electricity accounting: location-based, market-based, or a market-based residual mix. */
  electricity: z.enum(['location_based', 'market_based', 'residual_mix']).optional(),
  /** Biogenic carbon: uptake counted in the value (may make it negative), or left out. */
  biogenic: z.enum(['uptake_included', 'excluded']).optional(),
  /** The publisher's own qualifier, quoted or closely paraphrased (e.g. `eGRID2022`, a note). */
  note: z.string().optional(),
})
export type FactorBasis = z.infer<typeof FactorBasisSchema>

/**
 * A value computed from several published cells (ÖKOBAUDAT A1-A3 = A1 + A2 + A3 where the file
 * splits them): the sum in decimal of `inputs`, each proven against its cell, then re-derived.
 */
export const DerivedValueSchema = z.object({
  op: z.literal('sum'),
  inputs: z.array(CellValueSchema).min(2),
})
export type DerivedValue = z.infer<typeof DerivedValueSchema>

export const FactorRowSchema = z.object({
  key: z.string().regex(FACTOR_KEY_PATTERN),
  name: z.string(),
  /** Name in the source's own language where it is not English (ÖKOBAUDAT German names). */
  name_original: z.string().optional(),
  /** The value served, in `unit`. Bit-identical to the parsed cell unless `published` says otherwise. */
  value: z.number(),
  /** `<mass> CO2e per <activity unit>`, e.g. `kg CO2e per litre`. */
  unit: z.string(),
  scope: ScopeSchema.nullable(),
  /** The source's own section path, joined with ` > `. */
  section: z.string(),
  /** ISO 3166-1 alpha-2 lower case, or `eu` / `glo`. */
  country: z.string(),
  /** Sub-national area where the factor is for one (e.g. `nsw`, eGRID `erct`). */
  region: z.string().nullable().optional(),
  /** Edition id (`Edition.id`). */
  source_id: z.string(),
  /** Where `value` was read; for converted values, where the published value was read. */
  cell_ref: z.string(),
  /** Set only when the served value is a unit conversion of the published one. */
  published: z
    .object({ value: z.number(), unit: z.string(), conversion: z.string(), multiplier: z.string() })
    .optional(),
  /** Per-gas contributions in the factor's own unit, each with its cell. */
  gases: z.partialRecord(GasSchema, CellValueSchema).optional(),
  /** What the row is; absent means `emission_factor` (artifacts built before issue 17). */
  kind: FactorKindSchema.optional(),
  /** The basis the value is stated on, where one applies. */
  basis: FactorBasisSchema.optional(),
  /**
   * Set when `value` is not one cell but computed from several (then `cell_ref` names the first
   * input); the proof re-reads every input and recomputes the value.
   */
  derived: DerivedValueSchema.optional(),
  /** Per-module GWP values per declared unit (materials). */
  modules: z.partialRecord(ModuleLabelSchema, CellValueSchema).optional(),
  material: MaterialDataSchema.optional(),
  /** Extra words people use for this factor (synonyms, codes), for search. */
  tags: z.array(z.string()).optional(),
})
export type FactorRow = z.infer<typeof FactorRowSchema>

/** A row's kind; rows without one are emission factors. */
export function kindOf(row: Pick<FactorRow, 'kind'>): FactorKind {
  return row.kind ?? 'emission_factor'
}

export const ReleaseArtifactSchema = z.object({
  format: z.literal(RELEASE_FORMAT),
  mb_version: z.string().regex(MB_VERSION_PATTERN),
  /** Date the release came into force (YYYY-MM-DD). */
  released_at: z.string(),
  editions: z.array(EditionSchema),
  factors: z.array(FactorRowSchema),
  /**
   * NAICS code -> words of the industry's 2017 NAICS title and description (index terms, sorted),
   * for the codes of the release's spend factors: what resolve matches purchase descriptions by
   * (resolve/industry.ts). Reference words, not factor values; absent before issue 12.
   */
  industry_words: z.record(z.string(), z.string()).optional(),
  /**
   * Word vectors for the words of purchase descriptions (release/word-vectors.ts, resolve/semantic.ts):
   * with `industry_words`, in releases with spend factors since engine 0.32.0.
   */
  word_vectors: WordVectorsSchema.optional(),
  /**
   * The fitted resolve model this release is resolved with (release/resolve-model.ts). Written by the
   * corpus build into every release since engine 0.5.0; an engine given an older release falls back
   * to its host's model (EngineOptions.resolveModel).
   */
  resolve_model: ResolveModelSchema.optional(),
})
export type ReleaseArtifact = z.infer<typeof ReleaseArtifactSchema>

/** `manifest.json` beside the artifacts: what releases exist, with their content hashes. */
export const ReleaseManifestSchema = z.object({
  format: z.literal('openfactors.manifest/1'),
  releases: z.array(
    z.object({
      mb_version: z.string().regex(MB_VERSION_PATTERN),
      released_at: z.string(),
      /** `release-<mb_version>-<sha256 prefix>.json.gz` */
      file: z.string(),
      /** sha256 of the gzipped artifact bytes. */
      sha256: z.string(),
      bytes: z.number().int(),
      factor_count: z.number().int(),
      editions: z.array(z.string()),
    }),
  ),
})
export type ReleaseManifest = z.infer<typeof ReleaseManifestSchema>
