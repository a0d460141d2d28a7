// Types for scripts/build-fingerprint.mjs (plain JavaScript, so `npm start` needs no compiler).
export declare const SOURCE_DIRS: readonly string[];
export declare const RECORD_FILE: string;

export type BuildInputs = Record<string, string>;

export interface BuildLocation {
  root: string;
  distDir: string;
}

export declare function collectBuildInputs(
  options: BuildLocation & { env: Record<string, string | undefined> },
): BuildInputs;
export declare function fingerprintOf(inputs: BuildInputs): string;
export declare function envNamesReadBy(configText: string): string[];
export declare function staleReason(options: BuildLocation & { inputs: BuildInputs }): string | undefined;
export declare function changedInputs(before: BuildInputs, after: BuildInputs): string[];
export declare function forgetBuild(options: BuildLocation): void;
export declare function recordBuild(options: BuildLocation & { inputs: BuildInputs }): void;
