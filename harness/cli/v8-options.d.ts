/** Types of v8-options.js (plain JavaScript: bin/rearrange.js applies the options before TypeScript can load). */
export declare const CLI_V8_FLAGS: readonly string[];
export declare function cliV8Flags(nodeOptions: string | undefined, execArgv: readonly string[]): string[];
export declare function applyCliV8Flags(): string[];
export declare function appliedCliV8Flags(): string[];
