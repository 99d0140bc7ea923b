/**
 * Each listing photo's placeholder colour (issue 36): its average colour, '#rrggbb', painted behind the photo's box
 * before the photo loads, so the first screen never shows an empty box. Learnt when the pipeline makes the photo's
 * first derivative (or reads one kept from before this was kept), and persisted as one JSON file in the pipeline's
 * cache folder, so it survives restarts like the derivatives do.
 *
 * The file is written a moment after a change (a burst of new photos is one write), under a temporary name and
 * renamed; a write first takes in what another replica on the same volume wrote meanwhile. A colour lost in a crash
 * before the write is learnt again from the kept derivative on the photo's next request.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import type { Logger } from '../log';

/** The file's name in the cache folder (the pipeline's cache index leaves it alone). */
export const COLOURS_FILE = 'placeholders.json';
const HEX = /^#[0-9a-f]{6}$/;

/**
 * The placeholder colour of an image: the average colour of a 16 x 16 reduction (the photo's average colour).
 * Not sharp's `stats().dominant` (the most common colour on 16 levels a channel): measured on the seed's pool, the
 * dominant colour was up to 68 levels a channel away from the average (on one, a dark grey where the photo averages
 * a light grey-green), so the box would flash from one colour to a photo of another; the average is what the eye
 * takes in at a glance.
 */
export async function placeholderColour(image: Buffer, maxInputPixels: number): Promise<string> {
  const small = await sharp(image, { limitInputPixels: maxInputPixels, failOn: 'none' })
    .rotate()
    .resize(16, 16, { fit: 'fill' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { channels } = await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 3 } }).stats();
  return `#${channels
    .slice(0, 3)
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c.mean)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export class PhotoColours {
  private readonly colours = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly options: { maxEntries?: number; writeDelayMs?: number; log?: Logger } = {},
  ) {
    this.merge(this.readFile());
  }

  get(key: string): string | undefined {
    return this.colours.get(key);
  }

  get size(): number {
    return this.colours.size;
  }

  set(key: string, colour: string): void {
    if (!HEX.test(colour) || this.colours.get(key) === colour) return;
    this.colours.set(key, colour);
    this.bound();
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.writeDelayMs ?? 500);
    this.timer.unref();
  }

  /** Writes what is known now (tests, shutdown); resolves when the file is on disk. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.saving = this.saving.then(() => this.write());
    return this.saving;
  }

  private write(): void {
    // another replica's colours first (ours win on the same key: they are the same colour, learnt from the same file)
    const theirs = this.readFile();
    for (const [key, colour] of Object.entries(theirs)) if (!this.colours.has(key) && HEX.test(colour)) this.colours.set(key, colour);
    this.bound();
    const temp = `${this.file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    try {
      fs.writeFileSync(temp, JSON.stringify(Object.fromEntries(this.colours)));
      fs.renameSync(temp, this.file);
    } catch (err) {
      fs.rmSync(temp, { force: true });
      this.options.log?.warn({ part: 'photos', err }, 'photo placeholders: the file could not be written');
    }
  }

  private readFile(): Record<string, string> {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(this.file, 'utf8'));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
      return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      return {}; // none yet, or half a file from a crash: learnt again
    }
  }

  private merge(entries: Record<string, string>): void {
    for (const [key, colour] of Object.entries(entries)) if (HEX.test(colour)) this.colours.set(key, colour);
    this.bound();
  }

  /** The oldest learnt out beyond maxEntries (a colour is ~40 bytes: 200,000 is ~8 MB of JSON). */
  private bound(): void {
    const max = this.options.maxEntries ?? 200_000;
    while (this.colours.size > max) this.colours.delete(this.colours.keys().next().value as string);
  }
}
