/** Fake but realistic-looking names and places for generated people. All addresses are fictitious. */
export const FIRST_NAMES = [
  "Olivia", "Liam", "Emma", "Noah", "Ava", "Elijah", "Sophia", "James", "Isabella", "William",
  "Mia", "Benjamin", "Charlotte", "Lucas", "Amelia", "Henry", "Harper", "Alexander", "Evelyn", "Mateo",
  "Abigail", "Daniel", "Emily", "Michael", "Ella", "Jackson", "Camila", "Sebastian", "Luna", "Aiden",
  "Sofia", "Samuel", "Avery", "David", "Mila", "Joseph", "Aria", "Carter", "Scarlett", "Owen",
  "Penelope", "Wyatt", "Layla", "John", "Chloe", "Jack", "Victoria", "Luke", "Madison", "Jayden",
  "Eleanor", "Dylan", "Grace", "Grayson", "Nora", "Levi", "Riley", "Isaac", "Zoey", "Gabriel",
  "Maria", "Jose", "Guadalupe", "Juan", "Rosa", "Carlos", "Ana", "Luis", "Priya", "Wei",
] as const;

export const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
  "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
  "O'Connor", "Patel", "Kim", "Chen", "Singh", "Murphy", "Cook", "Rogers", "Morgan", "Reed",
  "Bailey", "Bell", "Gomez", "Kelly", "Howard", "Ward", "Cox", "Diaz", "Richardson", "Wood",
] as const;

export const STREETS = [
  "Main St", "Oak Ave", "Maple Dr", "Cedar Ln", "Pine St", "Elm St", "Washington Ave", "Lake Rd",
  "Hillcrest Dr", "Sunset Blvd", "Park Ave", "River Rd", "Highland Ave", "Church St", "Meadow Ln", "Forest Dr",
] as const;

/** City, state (USPS code), ZIP prefix, area code. */
export const CITIES = [
  ["Phoenix", "AZ", "850", "602"],
  ["Denver", "CO", "802", "303"],
  ["Austin", "TX", "787", "512"],
  ["Dallas", "TX", "752", "214"],
  ["San Diego", "CA", "921", "619"],
  ["Sacramento", "CA", "958", "916"],
  ["Portland", "OR", "972", "503"],
  ["Seattle", "WA", "981", "206"],
  ["Miami", "FL", "331", "305"],
  ["Orlando", "FL", "328", "407"],
  ["Atlanta", "GA", "303", "404"],
  ["Chicago", "IL", "606", "312"],
  ["Columbus", "OH", "432", "614"],
  ["Nashville", "TN", "372", "615"],
  ["Charlotte", "NC", "282", "704"],
  ["Boston", "MA", "021", "617"],
  ["Brooklyn", "NY", "112", "718"],
  ["Las Vegas", "NV", "891", "702"],
  ["Salt Lake City", "UT", "841", "801"],
  ["Minneapolis", "MN", "554", "612"],
] as const;

/** Lower-case ASCII form of a name for an email local part ("O'Connor" → "oconnor"). */
export function emailPart(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, "");
}
