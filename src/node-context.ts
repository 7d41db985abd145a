import path from 'node:path';
import type { ServiceConfig } from './config/resolve-config.js';
import { deriveKey, loadNodeSecret } from './security/node-secret.js';
import { DiskSpace } from './storage/disk-space.js';
import type { FileStore } from './storage/file-store.js';
import { openStore } from './storage/store-config.js';
import { AccountsStore } from './store/accounts-store.js';
import { ApiKeysStore } from './store/api-keys-store.js';
import { BrandKitsStore } from './store/brand-kits-store.js';
import { InfographicsStore } from './store/infographics-store.js';
import { LedgerStore } from './store/ledger-store.js';
import { openDatabase, type Db } from './store/open-database.js';
import { VideosStore } from './store/videos-store.js';

/** Everything a command or request handler needs: config, the database, its stores and the node's keys. */
export interface NodeContext {
  config: ServiceConfig;
  db: Db;
  /** `<dataDir>/files`: scene code, audio, segments, MP4s, logos. */
  filesDir: string;
  /**
   * The bucket `--store s3://…` names: the home of job files, `filesDir` being the working copy
   * (see src/storage/job-files.ts). Unset when files live only in the data dir.
   */
  store?: FileStore;
  /** The free space of the data dir's disk: creates refuse and jobs pause while it is short. */
  disk: DiskSpace;
  accounts: AccountsStore;
  apiKeys: ApiKeysStore;
  ledger: LedgerStore;
  brandKits: BrandKitsStore;
  videos: VideosStore;
  infographics: InfographicsStore;
  keys: {
    /** Seals webhook signing secrets at rest. */
    webhookSecrets: Buffer;
    /** Signs download links. */
    downloads: Buffer;
    /** Seals accounts' own provider keys at rest. */
    providerKeys: Buffer;
  };
  close(): void;
}

/** Options of {@link openNode}. */
export interface OpenNodeOptions {
  /**
   * Open an existing data dir for reading only (a listing command): nothing is created in it or
   * for it, and a data dir without a database throws. @default false
   */
  readOnly?: boolean;
}

/** Opens the data dir (database with migrations, node secret) and builds the context over it. */
export function openNode(config: ServiceConfig, { readOnly = false }: OpenNodeOptions = {}): NodeContext {
  const db = openDatabase(config.dataDir, { readOnly });
  const secret = loadNodeSecret(config.dataDir, { create: !readOnly });
  const filesDir = path.join(config.dataDir, 'files');
  return {
    config,
    db,
    filesDir,
    disk: new DiskSpace(config.dataDir, config.minFreeBytes),
    // The S3 SDK loads on first use, so opening the store here costs a command that never uses it nothing.
    ...(config.store.kind === 's3' ? { store: openStore(config.store, { localRoot: filesDir }) } : {}),
    accounts: new AccountsStore(db),
    apiKeys: new ApiKeysStore(db),
    ledger: new LedgerStore(db),
    brandKits: new BrandKitsStore(db),
    videos: new VideosStore(db),
    infographics: new InfographicsStore(db),
    keys: {
      webhookSecrets: deriveKey(secret, 'webhook-secrets'),
      downloads: deriveKey(secret, 'download-links'),
      providerKeys: deriveKey(secret, 'provider-keys'),
    },
    close: () => {
      if (db.open) db.close();
    },
  };
}
