/** Types of scripts/multi-instance/cluster.mjs for the TypeScript tests that use it. */
import type { ChildProcess } from 'node:child_process';

export interface Instance {
  index: number;
  port: number;
  /** http://127.0.0.1:<port>, the instance itself without nginx. */
  url: string;
  /** 127.0.0.1:<port>, as nginx's $upstream_addr names it. */
  address: string;
  dataDir: string;
  /** stdout and stderr of every process that served this port, appended. */
  logFile: string;
  child: ChildProcess | null;
  pid?: number;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  killed?: boolean;
}

export interface Cluster {
  /** nginx: what users reach (PUBLIC_URL of every instance). */
  url: string;
  dir: string;
  env: Record<string, string>;
  databaseUrl: string;
  s3Env: Record<string, string>;
  instances: Instance[];
  accessLog: string;
  errorLog: string;
  startInstance(index: number): Promise<Instance>;
  stopInstance(index: number, signal?: NodeJS.Signals): Promise<Exit>;
  restartInstance(index: number): Promise<Exit & { downMs: number }>;
  useInstances(indices: number[]): Promise<void>;
  cli(args: string[]): { code: number | null; stdout: string; stderr: string };
  stop(options?: { keepLogs?: string }): Promise<Exit[] | undefined>;
}

export interface ClusterOptions {
  instances?: number;
  env?: Record<string, string>;
  pgPort?: number;
  build?: boolean;
  log?: (line: string) => void;
}

export const NGINX_TEMPLATE: string;
export const DEFAULT_PG_PORT: number;
export function freePort(): Promise<number>;
export function nginxConfig(listen: string, instanceAddresses: string[]): string;
export function startCluster(options?: ClusterOptions): Promise<Cluster>;
