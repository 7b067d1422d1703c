/**
 * AMF0, the encoding of RTMP's commands (`connect`, `createStream`, `publish`…) and of the encoder's
 * `@setDataFrame onMetaData` (docs/api-streams.md "Ingest (RTMP)"). Only what an RTMP ingest meets is
 * decoded; a reference, AMF3 switch or unknown marker is malformed input. Decoding reads each byte once
 * (no backtracking) and is bounded in nesting and in values, so a hostile message costs at most its own
 * length (the chunk reader bounds that).
 */

export type Amf0Value = number | boolean | string | null | undefined | Date | Amf0Value[] | Amf0Object;
export interface Amf0Object {
  [key: string]: Amf0Value;
}

/** Malformed AMF0: the connection that sent it is closed. */
export class Amf0Error extends Error {}

const NUMBER = 0x00;
const BOOLEAN = 0x01;
const STRING = 0x02;
const OBJECT = 0x03;
const NULL = 0x05;
const UNDEFINED = 0x06;
const ECMA_ARRAY = 0x08;
const OBJECT_END = 0x09;
const STRICT_ARRAY = 0x0a;
const DATE = 0x0b;
const LONG_STRING = 0x0c;
const TYPED_OBJECT = 0x10;

/** Objects within objects: real encoders send two levels at most. */
const MAX_DEPTH = 16;
/** Values in one message, nested ones included (a metadata object has a few dozen). */
const MAX_VALUES = 10_000;

class Reader {
  offset = 0;
  values = 0;
  constructor(private readonly buf: Buffer) {}

  get done(): boolean {
    return this.offset >= this.buf.length;
  }

  private need(n: number): void {
    if (this.offset + n > this.buf.length) throw new Amf0Error('AMF0: truncated value');
  }

  u8(): number {
    this.need(1);
    return this.buf[this.offset++] as number;
  }

  u16(): number {
    this.need(2);
    const v = this.buf.readUInt16BE(this.offset);
    this.offset += 2;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.buf.readUInt32BE(this.offset);
    this.offset += 4;
    return v;
  }

  double(): number {
    this.need(8);
    const v = this.buf.readDoubleBE(this.offset);
    this.offset += 8;
    return v;
  }

  utf8(length: number): string {
    this.need(length);
    const s = this.buf.toString('utf8', this.offset, this.offset + length);
    this.offset += length;
    return s;
  }

  value(depth: number): Amf0Value {
    if (++this.values > MAX_VALUES) throw new Amf0Error('AMF0: too many values');
    const marker = this.u8();
    switch (marker) {
      case NUMBER:
        return this.double();
      case BOOLEAN:
        return this.u8() !== 0;
      case STRING:
        return this.utf8(this.u16());
      case LONG_STRING:
        return this.utf8(this.u32());
      case NULL:
        return null;
      case UNDEFINED:
        return undefined;
      case OBJECT:
        return this.properties(depth);
      case TYPED_OBJECT:
        this.utf8(this.u16()); // the class name: nothing here needs it
        return this.properties(depth);
      case ECMA_ARRAY:
        this.u32(); // an approximate count: the end marker is what ends it
        return this.properties(depth);
      case STRICT_ARRAY: {
        if (depth >= MAX_DEPTH) throw new Amf0Error('AMF0: nested too deep');
        const count = this.u32();
        // Every element takes at least a byte: a count beyond what is left is a lie.
        if (count > this.buf.length - this.offset) throw new Amf0Error('AMF0: truncated array');
        const list: Amf0Value[] = [];
        for (let i = 0; i < count; i++) list.push(this.value(depth + 1));
        return list;
      }
      case DATE: {
        const ms = this.double();
        this.u16(); // the time zone, which the format says to ignore
        return new Date(ms);
      }
      default:
        throw new Amf0Error(`AMF0: unsupported marker ${marker}`);
    }
  }

  private properties(depth: number): Amf0Object {
    if (depth >= MAX_DEPTH) throw new Amf0Error('AMF0: nested too deep');
    // No prototype: a key such as "__proto__" from the wire is just a key.
    const object: Amf0Object = Object.create(null) as Amf0Object;
    for (;;) {
      const key = this.utf8(this.u16());
      if (key === '') {
        if (this.u8() !== OBJECT_END) throw new Amf0Error('AMF0: object without its end');
        return object;
      }
      object[key] = this.value(depth + 1);
    }
  }
}

/** Every value of an AMF0 body, in order (a command: its name, transaction id, then its arguments). */
export function decodeAmf0(buf: Buffer): Amf0Value[] {
  const reader = new Reader(buf);
  const values: Amf0Value[] = [];
  while (!reader.done) values.push(reader.value(0));
  return values;
}

/** The AMF0 bytes of the values, in order. */
export function encodeAmf0(...values: Amf0Value[]): Buffer {
  const parts: Buffer[] = [];
  for (const value of values) write(parts, value);
  return Buffer.concat(parts);
}

function write(parts: Buffer[], value: Amf0Value): void {
  if (value === null) parts.push(Buffer.from([NULL]));
  else if (value === undefined) parts.push(Buffer.from([UNDEFINED]));
  else if (typeof value === 'number') {
    const b = Buffer.alloc(9);
    b[0] = NUMBER;
    b.writeDoubleBE(value, 1);
    parts.push(b);
  } else if (typeof value === 'boolean') parts.push(Buffer.from([BOOLEAN, value ? 1 : 0]));
  else if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    const long = text.length > 0xffff;
    const head = Buffer.alloc(long ? 5 : 3);
    head[0] = long ? LONG_STRING : STRING;
    if (long) head.writeUInt32BE(text.length, 1);
    else head.writeUInt16BE(text.length, 1);
    parts.push(head, text);
  } else if (value instanceof Date) {
    const b = Buffer.alloc(11);
    b[0] = DATE;
    b.writeDoubleBE(value.getTime(), 1);
    parts.push(b);
  } else if (Array.isArray(value)) {
    const head = Buffer.alloc(5);
    head[0] = STRICT_ARRAY;
    head.writeUInt32BE(value.length, 1);
    parts.push(head);
    for (const item of value) write(parts, item);
  } else {
    parts.push(Buffer.from([OBJECT]));
    for (const [key, item] of Object.entries(value)) {
      const name = Buffer.from(key, 'utf8');
      const length = Buffer.alloc(2);
      length.writeUInt16BE(name.length);
      parts.push(length, name);
      write(parts, item);
    }
    parts.push(Buffer.from([0, 0, OBJECT_END]));
  }
}
