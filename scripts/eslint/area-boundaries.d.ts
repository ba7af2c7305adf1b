import type { Rule } from 'eslint';

export declare const areaBoundaries: Rule.RuleModule;
