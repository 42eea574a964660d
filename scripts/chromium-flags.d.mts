/** Types of chromium-flags.mjs, for the TypeScript configs that import it. */
export declare const CHROMIUM_FLAGS: string[];
