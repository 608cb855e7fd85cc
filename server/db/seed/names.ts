/** Name and place pools shared by the demo and scale seeds (the scale seed indexes them in SQL). */
export const FIRST_NAMES = [
  "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth", "William",
  "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Carlos", "Karen", "Daniel", "Lisa", "Matthew",
  "Nancy", "Anthony", "Betty", "Mark", "Sandra", "Steven", "Ashley", "Paul", "Emily", "Andrew", "Kimberly", "Joshua",
  "Donna", "Kevin", "Michelle", "Brian", "Carol", "Wei", "Amanda", "Luis", "Melissa", "Priya", "Deborah", "Omar", "Aisha",
  "Hiroshi", "Fatima", "Diego", "Grace", "Ethan", "Sofia", "Noah", "Olivia", "Mateo", "Chloe", "Ravi", "Hannah",
] as const;

export const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez",
  "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson",
  "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright",
  "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Patel",
  "O'Brien", "Kim", "Okafor", "Schmidt", "Nakamura", "Kowalski", "Chen", "Murphy", "Reyes", "Cohen", "Singh", "Brooks",
] as const;

export const STREETS = [
  "Oak", "Maple", "Cedar", "Pine", "Elm", "Lakeview", "Sunset", "Highland", "Park", "River", "Willow", "Mission",
  "Magnolia", "Juniper", "Aspen", "Canyon", "Harbor", "Meadow", "Orchard", "Ridge",
] as const;

export const STREET_KINDS = ["Street", "Avenue", "Boulevard", "Drive", "Lane", "Road", "Parkway"] as const;

export const COMMUNITY_SUFFIXES = ["Commons", "Heights", "Village", "Terrace", "Gardens", "Point", "Crossing", "Flats", "Landing", "Residences"] as const;

/** [city, state, zip, area code] */
export const CITIES: ReadonlyArray<readonly [string, string, string, number]> = [
  ["Austin", "TX", "78701", 512], ["Denver", "CO", "80202", 303], ["Phoenix", "AZ", "85004", 602],
  ["Atlanta", "GA", "30303", 404], ["Seattle", "WA", "98101", 206], ["Portland", "OR", "97204", 503],
  ["San Diego", "CA", "92101", 619], ["Nashville", "TN", "37203", 615], ["Charlotte", "NC", "28202", 704],
  ["Columbus", "OH", "43215", 614], ["Tampa", "FL", "33602", 813], ["Raleigh", "NC", "27601", 919],
  ["Minneapolis", "MN", "55401", 612], ["Salt Lake City", "UT", "84101", 801], ["Kansas City", "MO", "64105", 816],
];
