import type { Rule } from 'eslint';

export declare const sqlInRepos: Rule.RuleModule;
