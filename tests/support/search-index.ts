/** The embedded search index of a build, read whole: the index file and every record of its pieces. */
import fs from 'node:fs';
import path from 'node:path';
import {unpackRecords} from '../../src/search/format/pack';
import type {IndexMeta, RecordFile} from '../../src/search/format/terms';
import type {SearchRecord} from '../../src/search/format/types';

export interface BuiltSearchIndex {
  /** `search-index.<hash>.json`, in `assets/`. */
  file: string;
  meta: IndexMeta;
  /** The files of the folder the index file names. */
  pieces: string[];
  /** Every record, by record number. */
  records: SearchRecord[];
}

export function readBuiltIndex(buildDir: string): BuiltSearchIndex {
  const assets = path.join(buildDir, 'assets');
  const files = fs.readdirSync(assets).filter((f) => /^search-index\.[0-9a-f]{10}\.json$/.test(f));
  if (files.length !== 1) throw new Error(`${assets} holds ${files.length} search index files, not one`);
  const file = files[0]!;
  const meta = JSON.parse(fs.readFileSync(path.join(assets, file), 'utf8')) as IndexMeta;
  const pieces = fs.readdirSync(path.join(assets, meta.dir));
  const records: SearchRecord[] = [];
  for (let n = 0; n * meta.recordsPerFile < meta.documentCount; n += 1) {
    const part = JSON.parse(fs.readFileSync(path.join(assets, meta.dir, `r${n}.json`), 'utf8')) as RecordFile;
    records.push(
      ...unpackRecords({site: meta.site, pages: part.pages, strings: part.strings}, part.records, records.length),
    );
  }
  return {file, meta, pieces, records};
}
