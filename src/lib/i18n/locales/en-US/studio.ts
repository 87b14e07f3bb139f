/** en-US strings of the anchor studio: going live, the push address, the live calls' answers. */
export const studio = {
  started: 'live set up successfully',
  planned: 'Live planned successfully',
  upload: {
    type: 'uploaded images must be JPEG, GIF, PNG or BMP files',
    size: 'the size of an uploaded image must be under 2 MB',
    noCloud: 'Cloud storage is not configured here; images upload to the site instead',
    loading: 'Uploading…',
    failed: 'Upload failed, please try again',
  },
  errors: {
    planPast: 'The planned start must be later than now',
    planFar: 'Lives can be planned at most {{days}} days ahead',
    notAnchor: 'Only anchors can do this. Apply to become an anchor first.',
    alreadyLive: 'You are already live',
    badCategory: 'Choose a category and a secondary category of it',
    noTickets: 'Ticket-paid lives are not open now',
    matchOnlySports: 'Only sports lives can link a match',
    badMatch: 'This match cannot be linked: it has ended or is of another sport',
    badImage: 'Upload the cover image first',
  },
};
