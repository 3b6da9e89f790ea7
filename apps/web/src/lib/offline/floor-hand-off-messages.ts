/** What the "needs attention" list says about "Hand to supervisor". */
export const FLOOR_HAND_OFF_MESSAGES = {
  needsNetwork: 'Handing an action to your supervisor needs the network.',
  noWarehouse: 'Choose the warehouse in the top bar first: its supervisors are told.',
  failed: 'Could not hand it to your supervisor:',
} as const;
