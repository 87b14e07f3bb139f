/** en-US strings of the anchor studio: going live, the push address, the live calls' answers. */
export const studio = {
  started: 'live set up successfully',
  planned: 'Live planned successfully',
  errors: {
    notAnchor: 'Only anchors can do this. Apply to become an anchor first.',
    alreadyLive: 'You are already live',
    badCategory: 'Choose a category and a secondary category of it',
    noTickets: 'Ticket-paid lives are not open now',
    matchOnlySports: 'Only sports lives can link a match',
    badMatch: 'This match cannot be linked: it has ended or is of another sport',
    badImage: 'Upload the cover image first',
  },
};
