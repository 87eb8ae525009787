/**
 * The embedded index in pieces. The first shard, fetched when search is first wanted, holds every
 * page title (with its description), every heading of the documentation, and the first words of
 * each section as extra searchable text of its heading ("leads"): enough to answer most queries at
 * once. The other shards hold the body text, and the headings of release notes and advisories;
 * they load in the background, or when a query finds too little without them. Browser-safe and pure.
 */
import {packIndex, unpackRecords, type PackedIndex} from './pack';
import type {SearchRecord} from './types';

export const SHARDED_VERSION = 2;

export interface ShardRef {
  /** File name, beside the first shard. */
  file: string;
  /** Number of the shard's first record in the whole index. */
  start: number;
  count: number;
}

export interface HeadShard extends Omit<PackedIndex, 'v'> {
  v: typeof SHARDED_VERSION;
  /** [record number, the first words of its section] for headings and page records. */
  leads: [number, string][];
  /** The other shards, in the order they load in the background. */
  shards: ShardRef[];
}

export interface BodyShard {
  v: typeof SHARDED_VERSION;
  start: number;
  records: PackedIndex['records'];
}

export interface ShardOptions {
  /** Words of a section's first paragraph kept in the first shard. */
  leadWords: number;
  /** How many shards the rest is cut into. */
  bodyShards: number;
}

export const DEFAULT_SHARDS: ShardOptions = {leadWords: 6, bodyShards: 4};

/** Release notes and security advisories: only their titles go into the first shard. */
const NEWS = /\/(releases|security\/cves)\//;

/** True when a record belongs in the first shard. */
export function inHead(record: SearchRecord): boolean {
  if (record.type === 'lvl1') return true;
  return record.type !== 'content' && !NEWS.test(record.url_without_anchor);
}

export interface SplitIndex {
  /** The records in index order: the first shard's, then each other shard's. */
  records: SearchRecord[];
  head: Omit<HeadShard, 'shards'>;
  body: BodyShard[];
}

/** Cuts records (in page order) into a first shard and `bodyShards` more, of about equal size. */
export function splitIndex(records: readonly SearchRecord[], site: string, options = DEFAULT_SHARDS): SplitIndex {
  const head = records.filter(inHead);
  const rest = records.filter((r) => !inHead(r));
  const ordered = [...head, ...rest];
  const position = new Map(ordered.map((r, i) => [r, i]));
  // The lead of a heading (or page) is the start of the first paragraph after it, up to the next heading.
  const leads: [number, string][] = [];
  let owner: SearchRecord | undefined;
  for (const record of records) {
    if (record.type !== 'content') {
      owner =
        inHead(record) && record.type !== 'lvl1'
          ? record
          : record.type === 'lvl1' && !record.content
            ? record
            : undefined;
      continue;
    }
    if (owner && record.content) {
      leads.push([position.get(owner)!, record.content.split(/\s+/).slice(0, options.leadWords).join(' ')]);
      owner = undefined;
    }
  }
  const packed = packIndex(ordered, site);
  const body: BodyShard[] = [];
  const size = Math.ceil(rest.length / Math.max(1, options.bodyShards));
  for (let start = head.length; start < ordered.length; start += size) {
    body.push({v: SHARDED_VERSION, start, records: packed.records.slice(start, start + size)});
  }
  return {
    records: ordered,
    head: {
      v: SHARDED_VERSION,
      site: packed.site,
      pages: packed.pages,
      strings: packed.strings,
      records: packed.records.slice(0, head.length),
      leads,
    },
    body,
  };
}

/** The records of the first shard. */
export function headRecords(head: HeadShard): SearchRecord[] {
  if (head.v !== SHARDED_VERSION) throw new Error(`Unsupported search index version ${String(head.v)}`);
  return unpackRecords(head, head.records, 0);
}

/** The records of another shard, which point at the first shard's pages and headings. */
export function bodyRecords(head: HeadShard, shard: BodyShard): SearchRecord[] {
  if (shard.v !== SHARDED_VERSION) throw new Error(`Unsupported search shard version ${String(shard.v)}`);
  return unpackRecords(head, shard.records, shard.start);
}
