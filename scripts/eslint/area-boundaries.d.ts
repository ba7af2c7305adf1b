import type { ESLint, Rule } from 'eslint';

export declare const areaBoundaries: Rule.RuleModule;
declare const plugin: ESLint.Plugin & { rules: { 'area-boundaries': Rule.RuleModule } };
export default plugin;
