/** Types of test-browser.mjs, for the TypeScript configs that import it. */
export declare const TEST_BROWSER_PACKAGE: string;
export declare function findTestBrowser(env?: NodeJS.ProcessEnv): string | undefined;
