/** A small multipart/form-data reader for the chat's file messages (fields as text, files as buffers). */

export interface MultipartFile {
  field: string;
  filename: string;
  type: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: MultipartFile[];
}

export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return (m?.[1] ?? m?.[2] ?? '').trim() || null;
}

function headerParam(header: string, name: string): string | undefined {
  const m = new RegExp(`${name}\\*?=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]+))`, 'i').exec(header);
  const raw = m?.[1] ?? m?.[2];
  return raw === undefined ? undefined : raw.replace(/\\(.)/g, '$1').trim();
}

export function parseMultipart(body: Buffer, boundary: string): MultipartBody {
  const delimiter = Buffer.from(`--${boundary}`);
  const result: MultipartBody = { fields: {}, files: [] };
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw new MultipartError('The multipart body has no boundary.');
  for (;;) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString() === '--') break; // closing delimiter
    if (body.subarray(pos, pos + 2).toString() === '\r\n') pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0) throw new MultipartError('A multipart part has no headers.');
    const headers = body.subarray(pos, headerEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) throw new MultipartError('The multipart body is cut short.');
    const data = body.subarray(headerEnd + 4, next);
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = headerParam(disposition, 'name') ?? '';
    const filename = headerParam(disposition, 'filename');
    if (filename !== undefined) {
      const type = /content-type:\s*([^\r\n;]*)/i.exec(headers)?.[1]?.trim() || 'application/octet-stream';
      result.files.push({ field: name, filename, type, data: Buffer.from(data) });
    } else if (name) {
      result.fields[name] = data.toString('utf8');
    }
    pos = next + 2;
  }
  return result;
}
