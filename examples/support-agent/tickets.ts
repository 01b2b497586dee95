/** One scripted support ticket: who writes, about what, and what the (fake) model answers. */
export interface Ticket {
  id: string;
  customer: string;
  /** Written into the summary layer when the ticket opens. */
  profile: string;
  issue: string;
  /** Knowledge keys in play (the product the customer owns). */
  product: string;
  /** The doc a good retrieval should bring for this ticket (checked by the test). */
  expectedDoc: string;
  priority: 'low' | 'normal' | 'high';
  /** The customer's messages, in order; each one is a call of the agent. */
  customerTurns: string[];
  /** What the fake model answers to each customer turn. */
  agentReplies: string[];
  resolution: string;
  /** What the fake model answers when asked for lessons after the ticket closes. */
  lessons: Array<{ text: string; importance: number; tags: string[] }>;
  /** The fake model answers the first lesson extraction with garbage, so the queue retries it. */
  garbageFirst?: boolean;
}

export const TICKETS: readonly Ticket[] = [
  {
    id: 'T-1001',
    customer: 'Ana Ruiz',
    profile: 'Ana Ruiz, small accounting office, Inkline 300 bought 8 months ago, prefers email.',
    issue: 'Printer jams on every second page since she switched paper.',
    product: 'inkline-300',
    expectedDoc: 'printer-paper-jam',
    priority: 'normal',
    customerTurns: [
      'My Inkline 300 keeps jamming on every second page, the paper gets stuck at the back.',
      'I switched to a thicker 160 gsm paper last week for client letters, does that matter?',
      'Back on the 90 gsm paper it printed 40 pages without a jam. Thanks!',
    ],
    agentReplies: [
      'Sorry about the jams. Please open the rear access door and pull the sheet straight out. Which paper are you using?',
      'Yes: the Inkline 300 handles 80-105 gsm. 160 gsm stock jams the pickup roller. Please try regular 90 gsm paper.',
      'Great to hear. For client letters, 105 gsm is the heaviest paper the printer supports.',
    ],
    resolution: 'Paper heavier than supported; switched back to 90 gsm.',
    lessons: [
      {
        text: 'For repeated paper jams, ask which paper weight the customer uses before anything else: stock above 105 gsm is the usual cause.',
        importance: 0.8,
        tags: ['printer', 'paper-jam'],
      },
    ],
  },
  {
    id: 'T-1002',
    customer: 'Ben Okafor',
    profile: 'Ben Okafor, home user, MeshGate router with two satellites, technical, on a fibre plan.',
    issue: 'Wi-Fi drops several times an evening.',
    product: 'meshgate',
    expectedDoc: 'router-wifi-drops',
    priority: 'high',
    customerTurns: [
      'The MeshGate Wi-Fi drops three or four times every evening, video calls freeze.',
      'The 2.4 GHz band is on auto channel, and my neighbours have a dozen networks.',
      'Channel 6 with band steering on: no drops for two evenings now.',
    ],
    agentReplies: [
      'That sounds like channel congestion. Which channel does the 2.4 GHz band use?',
      'Auto sometimes picks a crowded channel. Set it to 1, 6 or 11 and enable band steering, then watch for a day.',
      'Glad it is stable. I will close the ticket; reopen it if the drops come back.',
    ],
    resolution: 'Congested auto channel; fixed channel 6 plus band steering.',
    lessons: [
      {
        text: 'Evening-only Wi-Fi drops in apartments point to channel congestion: set 2.4 GHz to channel 1, 6 or 11 and enable band steering.',
        importance: 0.7,
        tags: ['router', 'wifi'],
      },
      {
        text: 'Ask the customer to watch for a full day after a channel change before closing a Wi-Fi ticket.',
        importance: 0.4,
        tags: ['router', 'follow-up'],
      },
    ],
    garbageFirst: true,
  },
  {
    id: 'T-1003',
    customer: 'Chloe Martin',
    profile: 'Chloe Martin, long-time customer since 2019, Inkline 300 and MeshGate, pays by card.',
    issue: 'Charged twice for an ink order.',
    product: 'billing',
    expectedDoc: 'billing-refund',
    priority: 'normal',
    customerTurns: [
      'I was charged twice for my ink order 55812, both charges show on my card statement.',
      'Both have been there for over a week now, they are not pending any more. Card ends in 4417.',
    ],
    agentReplies: [
      'A double charge is often a pending authorisation that disappears. How long have both charges been on the statement?',
      'Thanks. A settled duplicate is refunded in full: I have issued the refund to the card ending in 4417; it arrives within 10 business days.',
    ],
    resolution: 'Settled duplicate charge refunded.',
    lessons: [
      {
        text: 'For double charges, first ask whether both are still pending: settled duplicates are refunded, pending ones disappear on their own.',
        importance: 0.6,
        tags: ['billing', 'refund'],
      },
    ],
  },
  {
    id: 'T-1004',
    customer: 'Dev Patel',
    profile: 'Dev Patel, school library, three Inkline 300 printers, orders paper in bulk.',
    issue: 'One printer jams constantly after a new paper delivery.',
    product: 'inkline-300',
    expectedDoc: 'printer-paper-jam',
    priority: 'low',
    customerTurns: [
      'Since the new paper delivery one of our three Inkline 300 printers jams constantly.',
      'The new boxes say 120 gsm. The other two printers still have the old 80 gsm paper.',
    ],
    agentReplies: [
      'Let us check the paper first: what weight is printed on the new boxes?',
      'That is the cause: 120 gsm is above what the Inkline 300 feeds reliably. Use the 80 gsm paper in that printer.',
    ],
    resolution: 'Heavy paper from the new delivery; moved to 80 gsm.',
    // A near-duplicate of T-1001's lesson: the lessons layer keeps only the first.
    lessons: [
      {
        text: 'For repeated paper jams, ask which paper weight the customer uses before anything else: stock above 105 gsm is the usual cause!',
        importance: 0.8,
        tags: ['printer', 'paper-jam'],
      },
    ],
  },
];
