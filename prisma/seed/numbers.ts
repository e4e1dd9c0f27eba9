// Deterministic inventory: an endless stream of distinct numbers, each valid for its
// country and type, spread over every region. The same seed gives the same stream, so
// seeding N numbers and later M > N adds exactly the M − N that follow.
//
// Speed: libphonenumber takes ~25 µs a number, too slow to check a million one by one.
// Numbers are drawn from blocks of 1,000 (national digits but the last three), the unit in
// which regulators hand ranges to carriers; a block is checked once, on a sample of its
// numbers that varies each of the last three digits, then numbers are drawn from it freely.
import { isValidForType, type NumberTypeId } from "@/lib/reference/phone";
import { countries } from "@/prisma/seed/data/countries";
import { offerFor } from "@/prisma/seed/data/offers";
import { portableText } from "@/prisma/seed/data/products";
import { regions as allRegions } from "@/prisma/seed/data/regions";
import type { RegionSeed } from "@/prisma/seed/data/types";
import { mulberry32, randomInt } from "@/prisma/seed/prng";

export const DEFAULT_NUMBER_SEED = 20_261_122;

export type GeneratedNumber = {
  numberE164: string;
  nationalNumber: string;
  countryId: string;
  numberTypeId: NumberTypeId;
  regionId: string;
  smsEnabled: boolean;
  voiceEnabled: boolean;
  requiredDocumentIds: string[];
  standardCapacity: string;
  geographicRestrictions: string;
  mobileAccessible: string;
  outsideCountryDisplay: string;
  portable: string;
};

const SUFFIX_DIGITS = 3;
const BLOCK_SIZE = 10 ** SUFFIX_DIGITS;
// Each region starts with a few blocks and opens another per ~150 numbers, so small
// inventories still look scattered and no block fills past ~60 %.
const MIN_BLOCKS = 4;
const NUMBERS_PER_BLOCK = 150;
const MAX_PER_BLOCK = 600;
const BLOCK_DISCOVERY_ATTEMPTS = 400;
// Regions without document rules: a share of numbers still needs an address on file,
// as carriers do for some ranges they port in.
const EXTRA_ADDRESS_SHARE = 0.1;
const SMS_ONLY_SHARE = 0.03;

// Every last-three-digit position takes every value once; the rest are fixed mid-range.
const SAMPLE_SUFFIXES: string[] = (() => {
  const samples = new Set(["000", "999", "555", "123", "987"]);
  for (let position = 0; position < SUFFIX_DIGITS; position++) {
    for (let digit = 0; digit <= 9; digit++) {
      const chars = "555".split("");
      chars[position] = String(digit);
      samples.add(chars.join(""));
    }
  }
  return [...samples];
})();

type RegionState = {
  region: RegionSeed;
  callingCode: string;
  smsShare: number;
  documents: string[];
  fixed: Pick<
    GeneratedNumber,
    "standardCapacity" | "geographicRestrictions" | "mobileAccessible" | "outsideCountryDisplay" | "portable"
  >;
  blocks: string[];
  tried: Set<string>;
  blockCounts: number[];
  count: number;
  cannotGrow: boolean;
  exhausted: boolean;
};

function regionState(region: RegionSeed): RegionState {
  const country = countries.find((candidate) => candidate.id === region.countryId)!;
  const offer = offerFor(region.countryId, region.numberTypeId);
  if (region.prefix.length > region.nationalLength - SUFFIX_DIGITS) {
    throw new Error(`Region ${region.id}: prefix too long for ${region.nationalLength}-digit numbers`);
  }
  return {
    region,
    callingCode: country.callingCode,
    smsShare: offer.smsShare,
    documents: offer.documents,
    fixed: {
      standardCapacity: offer.plans[0].standardCapacity,
      geographicRestrictions: offer.geographicRestrictions,
      mobileAccessible: offer.mobileAccessible,
      outsideCountryDisplay: offer.outsideCountryDisplay,
      portable: portableText(country),
    },
    blocks: [],
    tried: new Set(),
    blockCounts: [],
    count: 0,
    cannotGrow: false,
    exhausted: false,
  };
}

function isBlockValid(state: RegionState, block: string): boolean {
  const base = `+${state.callingCode}${block}`;
  const { countryId, numberTypeId } = state.region;
  return SAMPLE_SUFFIXES.every((suffix) => isValidForType(base + suffix, countryId, numberTypeId));
}

/** Finds the region's next valid block; false when none turns up (the range is used up). */
function openBlock(state: RegionState, random: () => number): boolean {
  const freeDigits = state.region.nationalLength - SUFFIX_DIGITS - state.region.prefix.length;
  for (let attempt = 0; attempt < BLOCK_DISCOVERY_ATTEMPTS; attempt++) {
    let block = state.region.prefix;
    for (let index = 0; index < freeDigits; index++) block += randomInt(random, 10);
    if (state.tried.has(block)) continue;
    state.tried.add(block);
    if (isBlockValid(state, block)) {
      state.blocks.push(block);
      state.blockCounts.push(0);
      return true;
    }
  }
  state.cannotGrow = true;
  return false;
}

/** Weighted, shuffled round of regions: big cities and mobile appear thrice, national once. */
function regionCycle(states: RegionState[], seed: number): RegionState[] {
  const cycle: RegionState[] = [];
  for (const state of states) {
    const weight = state.region.major ? 3 : state.region.numberTypeId === "national" ? 1 : 2;
    for (let copy = 0; copy < weight; copy++) cycle.push(state);
  }
  const random = mulberry32(seed ^ 0x5eed);
  for (let index = cycle.length - 1; index > 0; index--) {
    const other = randomInt(random, index + 1);
    [cycle[index], cycle[other]] = [cycle[other], cycle[index]];
  }
  return cycle;
}

function nextInRegion(
  state: RegionState,
  random: () => number,
  seen: Set<number>,
): GeneratedNumber | undefined {
  const wanted = Math.max(MIN_BLOCKS, Math.ceil((state.count + 1) / NUMBERS_PER_BLOCK));
  for (let attempt = 0; attempt < 64; attempt++) {
    let index = randomInt(random, wanted);
    while (index >= state.blocks.length && !state.cannotGrow) openBlock(state, random);
    if (index >= state.blocks.length) {
      if (state.blocks.length === 0) return undefined;
      index = randomInt(random, state.blocks.length);
    }
    if (state.blockCounts[index] >= MAX_PER_BLOCK) continue;
    const nationalNumber =
      state.blocks[index] + String(randomInt(random, BLOCK_SIZE)).padStart(SUFFIX_DIGITS, "0");
    const key = Number(state.callingCode + nationalNumber);
    if (seen.has(key)) continue;
    seen.add(key);
    state.blockCounts[index]++;
    state.count++;
    const voiceEnabled = random() >= SMS_ONLY_SHARE;
    const smsEnabled = !voiceEnabled || random() < state.smsShare;
    const requiredDocumentIds =
      state.documents.length > 0
        ? state.documents
        : random() < EXTRA_ADDRESS_SHARE
          ? ["proof_of_address"]
          : [];
    return {
      numberE164: `+${state.callingCode}${nationalNumber}`,
      nationalNumber,
      countryId: state.region.countryId,
      numberTypeId: state.region.numberTypeId,
      regionId: state.region.id,
      smsEnabled,
      voiceEnabled,
      requiredDocumentIds,
      ...state.fixed,
    };
  }
  return undefined;
}

export type GenerateOptions = { seed?: number; regions?: RegionSeed[] };

/** The endless stream; ends only if every region's ranges are used up. */
export function* generateInventory(options: GenerateOptions = {}): Generator<GeneratedNumber> {
  const seed = options.seed ?? DEFAULT_NUMBER_SEED;
  const states = (options.regions ?? allRegions).map(regionState);
  const cycle = regionCycle(states, seed);
  const random = mulberry32(seed);
  const seen = new Set<number>();
  let live = states.length;
  while (live > 0) {
    for (const state of cycle) {
      if (state.exhausted) continue;
      const number = nextInRegion(state, random, seen);
      if (number) {
        yield number;
      } else {
        state.exhausted = true;
        live--;
      }
    }
  }
}

/** The first `count` numbers of the stream. */
export function generateNumbers(count: number, options: GenerateOptions = {}): GeneratedNumber[] {
  const numbers: GeneratedNumber[] = [];
  if (count <= 0) return numbers;
  for (const number of generateInventory(options)) {
    numbers.push(number);
    if (numbers.length >= count) break;
  }
  return numbers;
}
