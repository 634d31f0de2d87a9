// Every program of the differential, by family.
import type { Program } from '../harness'
import { agents } from './agents'
import { buffers } from './buffers'
import { cache } from './cache'
import { collections } from './collections'
import { control } from './control'
import { data } from './data'
import { dates } from './dates'
import { eventsAndTiming } from './events'
import { formatting } from './formatting'
import { iteration } from './iteration'
import { language } from './language'
import { messages } from './messages'
import { metaprogramming } from './metaprogramming'
import { numbers } from './numbers'
import { printing } from './printing'
import { regex } from './regex'
import { strings } from './strings'
import { text } from './text'
import { typescript } from './typescript'
import { typescript2 } from './typescript2'
import { urlPrograms } from './urls'
import { webGlobals } from './webglobals'

export const corpus: Program[] = [
  ...collections,
  ...strings,
  ...numbers,
  ...dates,
  ...urlPrograms,
  ...eventsAndTiming,
  ...regex,
  ...language,
  ...control,
  ...messages,
  ...data,
  ...typescript,
  ...cache,
  ...agents,
  ...iteration,
  ...formatting,
  ...webGlobals,
  ...metaprogramming,
  ...printing,
  ...text,
  ...typescript2,
  ...buffers,
]

const names = new Set<string>()
for (const { name } of corpus) {
  if (names.has(name)) throw new Error(`two differential programs are named ${JSON.stringify(name)}`)
  if (name.includes('"')) throw new Error(`a differential program's name has a double quote: ${name}`)
  names.add(name)
}
