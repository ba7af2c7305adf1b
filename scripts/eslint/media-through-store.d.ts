import type { Rule } from 'eslint';

export declare const mediaThroughStore: Rule.RuleModule;
