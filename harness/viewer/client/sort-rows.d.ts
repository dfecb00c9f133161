/** Types of sort-rows.js (plain ES module of the browser app, tested in Node). */
export declare function sortRows<R extends Record<string, unknown>>(rows: readonly R[], key: string, descending?: boolean): R[];
