// The seats this browser holds: each table opened with its seat's link (its secret token) is
// remembered here, so that a player who went back to the lobby, or closed the tab, finds
// their way back to their seat rather than only to a spectator's view. Kept in this browser
// only (localStorage), the latest SEATS_KEPT.
const KEY = "asobi-seats";
const SEATS_KEPT = 50;

function kept() {
  try {
    const found = JSON.parse(localStorage.getItem(KEY) || "{}");
    return found && typeof found === "object" && !Array.isArray(found) ? found : {};
  } catch {
    return {};
  }
}

// Remember ``link`` (a path with its token) as this browser's seat in ``room``.
export function rememberSeat(room, link) {
  const seats = kept();
  delete seats[room];
  seats[room] = link;  // (the newest last: the oldest go first)
  const rooms = Object.keys(seats);
  for (const old of rooms.slice(0, Math.max(0, rooms.length - SEATS_KEPT))) delete seats[old];
  localStorage.setItem(KEY, JSON.stringify(seats));
}

// The link to this browser's seat in ``room``, or null.
export function seatLink(room) {
  const link = kept()[room];
  return typeof link === "string" && link.startsWith("/play/") ? link : null;
}
