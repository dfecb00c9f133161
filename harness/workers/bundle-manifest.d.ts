/** Types of bundle-manifest.js (plain JavaScript: bin/rearrange.js reads manifests before TypeScript can load). */
export interface SourceStamp {
  file: string;
  mtimeMs: number;
  size: number;
}
export declare const BUNDLE_FORMAT: string;
export declare const DEFAULT_CACHE_DIR: string;
export declare function manifestFile(cacheDir: string, entry: string): string;
export declare function bundleBase(entry: string): string;
export declare function bundleKey(entry: string): string;
export declare function readManifest(file: string): { key: string; stamps: SourceStamp[]; bundle: string } | null;
export declare function upToDateBundle(cacheDir: string, entry: string): string | null;
export declare function recordedBundle(cached: { key: string; stamps: SourceStamp[]; bundle: string } | null, entry: string): string | null;
/** Records that this process uses the bundle whose entry file is `bundleFile` (a lease file, removed at exit), so pruning keeps its folder. Never throws. */
export declare function leaseBundle(bundleFile: string): void;
