export declare const MUTATION_BREAK_PERCENT: number;
export declare const mutationModules: { module: string; tests: string[] }[];
