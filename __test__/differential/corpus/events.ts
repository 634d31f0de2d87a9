// Events and timing as a model uses them: a small pub/sub on EventTarget, CustomEvent payloads,
// AbortSignal as a target, and performance marks around the steps of a job.
import { family, type Program } from '../harness'

const events = family('events', {
  'a pub/sub bus with once, removal and handleEvent objects': `const bus = new EventTarget()
const seen: string[] = []
const onJob = (e: Event) => seen.push('job:' + (e as CustomEvent).detail.id)
bus.addEventListener('job', onJob)
bus.addEventListener('job', onJob)
bus.addEventListener('job', () => seen.push('once'), { once: true })
bus.addEventListener('job', { handleEvent(e: Event) { seen.push('object:' + e.type) } })
for (const id of [1, 2]) bus.dispatchEvent(new CustomEvent('job', { detail: { id } }))
bus.removeEventListener('job', onJob)
bus.dispatchEvent(new CustomEvent('job', { detail: { id: 3 } }))
console.log(seen)
return seen.length`,
  'preventDefault, passive listeners and stopImmediatePropagation': `const target = new EventTarget()
const order: string[] = []
target.addEventListener('save', (e) => { order.push('passive'); e.preventDefault() }, { passive: true })
target.addEventListener('save', (e) => { order.push('veto'); e.preventDefault(); e.stopImmediatePropagation() })
target.addEventListener('save', () => order.push('never'))
const cancelable = new Event('save', { cancelable: true })
const plain = new Event('save')
console.log(target.dispatchEvent(cancelable), cancelable.defaultPrevented, target.dispatchEvent(plain), plain.defaultPrevented)
console.log(order)
const bubbling = new EventTarget()
const flags: unknown[] = []
bubbling.addEventListener('x', (e) => { e.cancelBubble = true; flags.push(['a', e.cancelBubble]) })
bubbling.addEventListener('x', (e) => { flags.push(['b', e.cancelBubble]); e.stopPropagation() })
bubbling.addEventListener('x', (e) => flags.push(['c', e.cancelBubble]))
bubbling.dispatchEvent(new Event('x'))
const stoppedFirst = new Event('x')
stoppedFirst.stopImmediatePropagation()
console.log(flags, bubbling.dispatchEvent(stoppedFirst), flags.length, stoppedFirst.cancelBubble)
return [cancelable.returnValue, plain.returnValue]`,
  'what a listener sees of its event': `const target = new EventTarget()
let during: unknown[] = []
target.addEventListener('ping', function (this: unknown, e) {
  during = [e.type, e.target === target, e.currentTarget === target, e.eventPhase, this === target, e.composedPath().length, e.isTrusted, e.bubbles]
})
const event = new CustomEvent('ping', { detail: 'payload', bubbles: true })
target.dispatchEvent(event)
console.log(during, [event.eventPhase, event.currentTarget, event.target === target, event.detail])
console.log(event instanceof Event, new Event('x') instanceof CustomEvent, Event.AT_TARGET, typeof event.timeStamp, Object.prototype.toString.call(event))
return during`,
  'listeners removed by an AbortSignal, and added while dispatching': `const target = new EventTarget()
const controller = new AbortController()
const calls: string[] = []
target.addEventListener('tick', () => calls.push('signalled'), { signal: controller.signal })
target.addEventListener('tick', () => {
  calls.push('adder')
  target.addEventListener('tick', () => calls.push('late'))
})
target.dispatchEvent(new Event('tick'))
controller.abort()
target.dispatchEvent(new Event('tick'))
target.addEventListener('tick', () => calls.push('after abort'), { signal: controller.signal })
target.dispatchEvent(new Event('tick'))
console.log(calls)
return calls`,
  'an AbortSignal is an EventTarget with a DOMException reason': `const controller = new AbortController()
const signal = controller.signal
const heard: string[] = []
signal.onabort = (e) => heard.push('onabort ' + e.type)
signal.addEventListener('abort', (e) => heard.push('listener ' + (e.target === signal)))
controller.abort()
const reason = signal.reason
console.log(signal instanceof EventTarget, reason instanceof DOMException, reason instanceof Error, reason.name, reason.code, reason.message)
console.log(heard, String(reason))
const timed = AbortSignal.timeout(1)
await new Promise((resolve) => setTimeout(resolve, 20))
console.log(timed.aborted, timed.reason.name, timed.reason.code, timed.reason.message)
return heard`,
  'misused events fail with Node’s messages': `const target = new EventTarget()
const messages: string[] = []
const attempt = (f: () => unknown) => { try { f() } catch (e) { messages.push(\`\${(e as Error).name}: \${(e as Error).message}\`) } }
attempt(() => new (Event as any)())
attempt(() => target.dispatchEvent({ type: 'x' } as any))
attempt(() => (target as any).addEventListener('x'))
attempt(() => target.addEventListener('x', 5 as any))
target.addEventListener('x', null)
console.log(messages)
return messages.length`,
})

const timing = family('performance', {
  'marks and measures around the steps of a job': `performance.mark('start')
const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, score: (i * 37) % 101 }))
performance.mark('built')
const top = rows.filter((r) => r.score > 90).map((r) => r.id).slice(0, 5)
performance.mark('filtered')
const build = performance.measure('build', 'start', 'built')
const filter = performance.measure('filter', { start: 'built', end: 'filtered' })
const total = performance.measure('total', 'start')
console.log(top, [build, filter, total].map((m) => [m.name, m.entryType, m.duration >= 0, typeof m.startTime]))
console.log(performance.getEntriesByType('mark').map((m) => m.name), performance.getEntriesByName('filter').length)
performance.clearMarks('start')
console.log(performance.getEntriesByType('mark').map((m) => m.name))
try { performance.measure('again', 'start') } catch (e) { console.log((e as Error).name, (e as Error).message) }
performance.clearMarks()
performance.clearMeasures()
return performance.getEntries().length`,
  'a stopwatch from performance.now()': `const t0 = performance.now()
let sum = 0
for (let i = 0; i < 10000; i++) sum += i
const elapsed = performance.now() - t0
console.log(\`sum \${sum} in \${elapsed >= 0 ? 'some' : 'negative'} ms\`, typeof performance.timeOrigin, performance.timeOrigin > 1.6e12)
const mark = performance.mark('done', { detail: { sum } })
console.log(mark.detail, mark.duration, JSON.stringify(Object.keys(mark.toJSON())))
return sum`,
})

export const eventsAndTiming: Program[] = [...events, ...timing]
