/**
 * A check of SQLite's write-ahead log before the database is opened. SQLite replays the WAL on open and stops
 * at the first frame whose checksum fails, without a word: every transaction committed after a damaged frame
 * is dropped. This reads the WAL as SQLite's file format documents it (sqlite.org/fileformat.html, "The WAL File
 * Format"): a 32-byte header with two salts, then frames of a 24-byte header and one page, each carrying a
 * running checksum. A frame of this WAL generation (its salts match the header) that fails its checksum, with
 * more frames of the same generation after it, means committed data would be lost: the server refuses to start.
 * A bad frame at the very end is a write cut by a crash before its commit, which SQLite rightly drops.
 */
import fs from 'node:fs';

export interface WalReport {
  /** Frames of this generation that SQLite would replay. */
  validFrames: number;
  /** Set when a damaged frame is followed by frames SQLite would silently drop. */
  damage?: { frame: number; framesAfter: number; commitsAfter: number };
}

export function checkWal(walFile: string): WalReport {
  if (!fs.existsSync(walFile)) return { validFrames: 0 };
  const wal = fs.readFileSync(walFile);
  if (wal.length < 32) return { validFrames: 0 };
  const magic = wal.readUInt32BE(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return { validFrames: 0 };
  const bigEndian = (magic & 1) === 1;
  const pageSize = wal.readUInt32BE(8);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return { validFrames: 0 };
  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  let [s0, s1] = checksum(wal, 0, 24, 0, 0, bigEndian);
  if (s0 !== wal.readUInt32BE(24) || s1 !== wal.readUInt32BE(28)) return { validFrames: 0 };
  const frameSize = 24 + pageSize;
  const frames = Math.floor((wal.length - 32) / frameSize);
  let validFrames = 0;
  for (let i = 0; i < frames; i++) {
    const at = 32 + i * frameSize;
    const sameGeneration = wal.readUInt32BE(at + 8) === salt1 && wal.readUInt32BE(at + 12) === salt2;
    if (!sameGeneration) break; // older frames left from a previous generation: not replayed, not damage
    [s0, s1] = checksum(wal, at, 8, s0, s1, bigEndian);
    [s0, s1] = checksum(wal, at + 24, pageSize, s0, s1, bigEndian);
    if (s0 === wal.readUInt32BE(at + 16) && s1 === wal.readUInt32BE(at + 20)) {
      validFrames++;
      continue;
    }
    let framesAfter = 0;
    let commitsAfter = 0;
    for (let j = i + 1; j < frames; j++) {
      const next = 32 + j * frameSize;
      if (wal.readUInt32BE(next + 8) !== salt1 || wal.readUInt32BE(next + 12) !== salt2) break;
      framesAfter++;
      if (wal.readUInt32BE(next + 4) !== 0) commitsAfter++;
    }
    return commitsAfter > 0 ? { validFrames, damage: { frame: i + 1, framesAfter, commitsAfter } } : { validFrames };
  }
  return { validFrames };
}

/** SQLite's WAL checksum over `length` bytes (a multiple of 8) from `offset`, continuing from (s0, s1). */
function checksum(buf: Buffer, offset: number, length: number, s0: number, s1: number, bigEndian: boolean): [number, number] {
  let a = s0 >>> 0;
  let b = s1 >>> 0;
  for (let i = offset; i < offset + length; i += 8) {
    const x0 = bigEndian ? buf.readUInt32BE(i) : buf.readUInt32LE(i);
    const x1 = bigEndian ? buf.readUInt32BE(i + 4) : buf.readUInt32LE(i + 4);
    a = (a + x0 + b) >>> 0;
    b = (b + x1 + a) >>> 0;
  }
  return [a, b];
}
