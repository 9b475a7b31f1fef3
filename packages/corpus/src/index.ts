/**
 * @openfactors/corpus — Node-only ingest: datasets directory in, verified release artifacts out.
 */
export { buildReleases, type BuildOptions, type BuildProgress, type BuildPhase, type BuildResult } from './build.ts'
export { ensureData, DataUnavailableError, type EnsureDataOptions } from './ensure-data.ts'
export { fetchDatasets, formatFetchResult, missingFiles, mirrorUrl, wantedFiles, type FetchOptions, type FetchResult, type FetchFailure, type FetchProgress } from './fetch/fetch-datasets.ts'
export { verifyReleases, type VerifyOptions, type VerifyReport } from './verify.ts'
export { formatDiff } from './format-diff.ts'
export {
  readManifest,
  readReleaseArtifact,
  encodeArtifact,
  ArtifactIntegrityError,
  MANIFEST_FILE,
  REPORT_FILE,
  type ManifestEntry,
} from './artifacts.ts'
export { defaultOutDir, findDatasetsDir, datasetsPresent, repoRoot, defaultLockPath } from './paths.ts'
export { readLock, verifyEditionFiles, sha256File, DatasetHashError, DatasetMissingError, toArtifactEdition } from './lock/lock.ts'
export type { DatasetsLock, LockEdition, LockFile, CsvFormat, DownloadSource } from './lock/schema.ts'
export { RELEASES, editionsInForce, checkReleases, type ReleaseDecl } from './releases.ts'
export { proveFactors, convertPublished, type ProofResult, type ProofFailure } from './proof/prove.ts'
export { formatReport, perGasKeys, type BuildReport, type ReleaseReport, type EditionReport } from './report.ts'
export { ADAPTER_IDS, loadAdapter, availableAdapters, AdapterUnavailableError } from './adapters/registry.ts'
export { IngestError } from './adapters/types.ts'
export type { SourceAdapter, AdapterContext, AdapterOutput, DraftFactor, EditionDecl, SkippedRow, SkipReason } from './adapters/types.ts'
export type { ReleaseManifest, ReleaseArtifact } from '@openfactors/engine/release'
