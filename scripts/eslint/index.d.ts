import type { ESLint, Rule } from 'eslint';

declare const plugin: ESLint.Plugin & {
  rules: { 'area-boundaries': Rule.RuleModule; 'sql-in-repos': Rule.RuleModule; 'media-through-store': Rule.RuleModule };
};
export default plugin;
