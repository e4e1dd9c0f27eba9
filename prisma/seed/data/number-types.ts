import type { NumberTypeSeed } from "@/prisma/seed/data/types";

export const numberTypes: NumberTypeSeed[] = [
  {
    id: "local",
    description: "Geographic number with a city's area code; callers pay a local or national rate.",
    sortOrder: 1,
  },
  {
    id: "national",
    description: "Non-geographic number reachable across the country at a national rate, not tied to a city.",
    sortOrder: 2,
  },
  {
    id: "mobile",
    description: "Number from the country's mobile ranges; can usually send and receive SMS.",
    sortOrder: 3,
  },
  {
    id: "toll_free",
    description: "Freephone number: calls are free for the caller and charged to the number's owner.",
    sortOrder: 4,
  },
];
