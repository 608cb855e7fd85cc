/** A seeded PRNG (mulberry32): the demo portfolio is the same on every machine and every run. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof createRandom>;

export const FIRST_NAMES = [
  "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth", "William",
  "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Carlos", "Karen", "Daniel", "Lisa", "Matthew",
  "Nancy", "Anthony", "Betty", "Mark", "Sandra", "Steven", "Ashley", "Paul", "Emily", "Andrew", "Kimberly", "Joshua",
  "Donna", "Kevin", "Michelle", "Brian", "Carol", "Wei", "Amanda", "Luis", "Melissa", "Priya", "Deborah", "Omar", "Aisha",
];
export const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez",
  "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson",
  "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright",
  "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Patel",
];
export const STREETS = ["Oak", "Maple", "Cedar", "Pine", "Elm", "Lakeview", "Sunset", "Highland", "Park", "River", "Willow", "Mission"];
export const CITIES: ReadonlyArray<[string, string, string]> = [
  ["Austin", "TX", "78701"], ["Denver", "CO", "80202"], ["Phoenix", "AZ", "85004"], ["Atlanta", "GA", "30303"],
  ["Seattle", "WA", "98101"], ["Portland", "OR", "97204"], ["San Diego", "CA", "92101"], ["Nashville", "TN", "37203"],
  ["Charlotte", "NC", "28202"], ["Columbus", "OH", "43215"], ["Tampa", "FL", "33602"], ["Raleigh", "NC", "27601"],
];
