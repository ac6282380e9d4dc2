// avsc compiles five functions per record type as it parses a schema (reader, writer, checker,
// skipper, union branch class) with `new Function`: a generated 6 MB schema of thousands of
// records took seconds to parse, most of it compiling code that a viewer never runs (it reads;
// it rarely writes, checks or skips). While our schemas are parsed, the writer, checker and
// skipper are compiled on their first call instead, and the branch class is built without
// compiling source. Behaviour is avsc's own: the same generated functions, later. One catch: a
// record's writer, as it is compiled, writes its fields' defaults with avsc's shared buffer, which
// would clobber a write in progress; so writers are compiled together before a codec first writes
// (`compileWriters`), never in the middle of one.
import * as avro from 'avsc';

/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-explicit-any --
   avsc's code-generating internals have no typings. */

let lazy = false;
/** Where the writers of the parse under way are noted, to be compiled before the first write. */
let writers: (() => unknown)[] = [];

/** Runs `parse` (an avsc forSchema) with the lazy compilation in place; its writers are added to `pendingWriters`. */
export function compilingLazily<T>(parse: () => T, pendingWriters: (() => unknown)[]): T {
  const before = { lazy, writers };
  lazy = true;
  writers = pendingWriters;
  try {
    return parse();
  } finally {
    ({ lazy, writers } = before);
  }
}

/** Compiles the writers noted (call it outside any avsc write). */
export function compileWriters(pendingWriters: (() => unknown)[]): void {
  for (const compile of pendingWriters.splice(0)) compile();
}

type Compile = (this: any) => (...args: any[]) => unknown;

function lazyMethod(proto: any, name: string, arity: 1 | 2 | 4): void {
  const original: Compile = proto[name];
  proto[name] = function (this: any): unknown {
    if (!lazy) return original.call(this);
    let compiled: ((...args: any[]) => unknown) | undefined;
    // An arrow: compiled for this type, whatever `this` the generated function is later called with.
    const get = () => (compiled ??= original.call(this));
    if (name === '_createWriter') writers.push(get);
    // Fixed arities: these run once per value written or checked, rest arguments would cost.
    if (arity === 1) return function (this: unknown, a: unknown) { return get().call(this, a); };
    if (arity === 2) return function (this: unknown, a: unknown, b: unknown) { return get().call(this, a, b); };
    return function (this: unknown, a: unknown, b: unknown, c: unknown, d: unknown) { return get().call(this, a, b, c, d); };
  };
}

function install(): void {
  const record = avro.types.RecordType.prototype as any;
  lazyMethod(record, '_createSkipper', 1);
  lazyMethod(record, '_createWriter', 2);
  lazyMethod(record, '_createChecker', 4);

  const type = avro.Type.prototype as any;
  const originalBranch: Compile = type._createBranchConstructor;
  type._createBranchConstructor = function (this: any): unknown {
    if (!lazy) return originalBranch.call(this);
    const name: string = this.branchName;
    if (name === 'null') return null;
    // avsc's generated `function Branch$(val) { this[name] = val; }`, as a closure.
    const Branch = function Branch$(this: any, val: unknown) {
      this[name] = val;
    } as unknown as { type: unknown; prototype: { unwrap: () => unknown; unwrapped: () => unknown } };
    Branch.type = this;
    Branch.prototype.unwrap = function (this: any) {
      return this[name];
    };
    Branch.prototype.unwrapped = Branch.prototype.unwrap;
    return Branch;
  };
}
install();
