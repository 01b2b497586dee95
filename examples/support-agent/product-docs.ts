import type { KnowledgeEntry } from '@strata-memory/strata';

/** The product docs of a small home-office printer and router vendor: the support agent's knowledge layer. */
export const PRODUCT_DOCS: readonly KnowledgeEntry[] = [
  {
    key: 'printer-paper-jam',
    title: 'Inkline 300 paper jams',
    tags: ['inkline-300', 'printer'],
    text: 'Open the rear access door and pull jammed paper straight out with both hands. Repeated jams usually mean the paper is heavier than 120 gsm or the pickup roller is worn: use 80-105 gsm paper and replace the roller (part IR-7) if jams continue. Never use tools inside the paper path.',
  },
  {
    key: 'printer-offline',
    title: 'Inkline 300 shows offline',
    tags: ['inkline-300', 'printer'],
    text: 'When the computer shows the printer offline, print the network page (hold the Wi-Fi button 5 seconds), check that the printer IP address matches the one in the print queue, and re-add the printer if the address changed after a router restart. Reserving a fixed IP in the router prevents it.',
  },
  {
    key: 'printer-ink-cartridge',
    title: 'Inkline 300 cartridge not recognised',
    tags: ['inkline-300', 'printer'],
    text: 'Remove the cartridge, wipe the copper contacts with a dry lint-free cloth, and reseat it until it clicks. Third-party cartridges may be rejected after firmware 4.2. A genuine cartridge that is still rejected is replaced under warranty within 12 months of purchase.',
  },
  {
    key: 'router-wifi-drops',
    title: 'MeshGate router Wi-Fi drops',
    tags: ['meshgate', 'router'],
    text: 'Frequent Wi-Fi drops are usually channel congestion: set the 2.4 GHz band to channel 1, 6 or 11 and enable band steering. Update the firmware from the app. If drops happen only at night, check the scheduled reboot setting.',
  },
  {
    key: 'router-firmware-update',
    title: 'MeshGate firmware update failed',
    tags: ['meshgate', 'router'],
    text: 'A failed firmware update leaves the status light blinking amber. Hold reset for 30 seconds to boot the recovery image, then install firmware again from the app over a wired connection. Never unplug the router while the light blinks white.',
  },
  {
    key: 'billing-refund',
    title: 'Refunds and double charges',
    tags: ['billing', 'account'],
    text: 'A double charge is a pending authorisation in most cases and disappears within 5 business days. A settled duplicate charge is refunded in full to the original card within 10 business days; ask for the last four digits of the card and the order number, never the full card number.',
  },
  {
    key: 'account-password-reset',
    title: 'Account password reset',
    tags: ['account'],
    text: 'Send the reset link from the sign-in page; it expires after 30 minutes. If the email never arrives, check the spam folder and that the address has no typo. Accounts locked after 5 failed attempts unlock automatically after 15 minutes.',
  },
];
