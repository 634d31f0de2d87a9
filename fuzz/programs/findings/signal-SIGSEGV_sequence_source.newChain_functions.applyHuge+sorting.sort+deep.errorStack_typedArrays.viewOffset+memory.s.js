// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGSEGV sequence:source.newChain,functions.applyHuge+sorting.sort+deep.errorStack,typedArrays.viewOffset+memory.stringArrayBig+proxyTraps.assign,regexp.symbolReplace+arrayLikeArguments.newArraySpread+sorting.holey,deep.regexp,arrayMethods.toReversed,json.deepTextToStructure,species.arrayMapProxy,wrapperEscape.genericArrow,functions.asyncFromSync,memory.arrayOfArrays+numbers.toFixed,regexp.nestedNonCapturing,stringSearch.startsWith,source.arguments,deep.join,deep.stringifyReplacer
// templates: source.newChain,functions.applyHuge+sorting.mutateGrow.sort+deep.bound.errorStack,typedArrays.viewOffset+memory.stringArrayBig+proxyTraps.assign,regexp.symbolReplace+arrayLikeArguments.filled.newArraySpread+sorting.random.holey,deep.getterChain.regexp,arrayMethods.sparse.toReversed,json.deepTextToStructure,species.arrayMapProxy,wrapperEscape.genericArrow,functions.asyncFromSync,memory.arrayOfArrays+numbers.toFixed,regexp.nestedNonCapturing,stringSearch.startsWith,source.arguments,deep.proto.join,deep.object.stringifyReplacer
// seed: 400335 (the program before minimising: node scripts/fuzz-programs.js --seed 400335 --count 1 --print)
// found: 2026-11-30T13:42:30.113Z
// what happened: only after the earlier programs in one child: the child died with SIGSEGV at the run step
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'return typeof ' + 'new '.repeat(3e5) + 'Object'"} ----
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
return Math.max.apply(null, new Array(1 << 24).fill(1))
})() } catch {}
try { await (async () => {
const arr = Array.from({ length: 1e5 }, (_, i) => (i * 7919) % 1000);
const C = (a, b) => { if (arr.length < 1 << 24) arr.push(a, b); return a - b };
return arr.sort(C).length
})() } catch {}
let d = function () { return 1 }; for (let i = 0; i < 3e5; i++) d = d.bind(null, i);
return String(d.stack).length
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return new BigInt64Array(new ArrayBuffer(16), 2 ** 31 - 1).length
})() } catch {}
try { await (async () => {
return [...'x'.repeat(1 << 24)].length
})() } catch {}
const f = function () { return 1 };
let p = new Proxy(function () {}, {});
p = new Proxy(function () {}, {
  getPrototypeOf(t, k, v, d) { return Array.prototype },
  preventExtensions(t, k, v, d) { return true },
  getOwnPropertyDescriptor(t, k, v, d) { return { value: 1, configurable: true, enumerable: true, writable: true } },
  defineProperty(t, k, v, d) { return Reflect.defineProperty(p, k, d) },
  get(t, k, v, d) { return k === 'length' ? { valueOf() { return 2 ** 53 } } : k },
  apply(t, k, v, d) { return f.apply(null, { length: 2 ** 32 - 1 }) },
});
return Object.keys(Object.assign({}, p)).length
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return RegExp.prototype[Symbol.replace].call({ exec: () => null, flags: 'g', get global() { return true }, set lastIndex(v) {}, get lastIndex() { return 2 ** 64 } }, 'x'.repeat(1 << 20), 'y').length
})() } catch {}
try { await (async () => {
const A = { length: 2 ** 32, 0: 1, 1: 2 };
return new Array(...Array.prototype.slice.call(A, 0, 2 ** 20)).length
})() } catch {}
const arr = Array.from({ length: 1e3 }, (_, i) => (i * 7919) % 1000);
const C = () => Math.random() - 0.5;
arr.length = 2 ** 32 - 1; return arr.sort(C).length
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = { v: 1 }; for (let i = 0; i < 3e5; i++) { const p = d; d = { get v() { return p.v } } }
return new RegExp(d).source.length
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const T = (() => { const a = []; a.length = 2 ** 32 - 1; a[5] = 1; return a })();
return Array.prototype.toReversed.call(T).length
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const t = '['.repeat(1e5) + ']'.repeat(1e5); return String(JSON.parse(t)).length
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const a = [1, 2, 3]; a.constructor = { [Symbol.species]: function () { return new Proxy([], { defineProperty: () => true, set: () => true }) } }; return a.map((x) => x).length
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"\"const f = <T,>(x: T) => x; <!--})()}); throw 'ESCAPED-' + ((function () { return this })() === undefined ? 'strict' : 'SLOPPY'); (function(){return(async function(){\""} ----
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let n = 0; for await (const x of { [Symbol.iterator]: () => ({ next: () => ({ done: n++ > 1e6, value: Promise.resolve(1) }) }) }) {} return n
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
const a = []; for (;;) a.push(new Array(1 << 10).fill(0));
})() } catch {}
return (1e21 - 1).toFixed(-1)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return new RegExp('(?:'.repeat(1e5) + 'a' + ')'.repeat(1e5)).test('a')
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return 'a'.repeat(1 << 26).startsWith('a'.repeat(1 << 26))
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'return (function () { return arguments.length })(' + '1,'.repeat(1e5) + ')'"} ----
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = {}; for (let i = 0; i < 1e6; i++) d = Object.create(d);
return Array.prototype.join.call(d).length
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = {}; for (let i = 0; i < 1e6; i++) d = { d };
return JSON.stringify(d, (k, v) => v)?.length
