import { qrAttemptsList, qrScan, qrStart, qrStop, qrToken, qrVisit } from '@okuu/contracts/qr/checkin';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const checkinKeys = {
  attempts: (sessionId: number) => ['checkin', 'attempts', sessionId] as const,
};

/** Starts (or finds the running) check-in of a lesson of the teacher's timetable; `place` is the teacher device's. */
export function startCheckin(entryId: number, place: { latitude: number; longitude: number } | null) {
  return callApi(qrStart, { id: entryId, x: place?.longitude ?? null, y: place?.latitude ?? null });
}

export function stopCheckin(sessionId: number) {
  return callApi(qrStop, { sessionId });
}

export function getCheckinToken(sessionId: number, signal?: AbortSignal) {
  return callApi(qrToken, { sessionId }, { signal });
}

/** Who scanned the teacher's check-in, refetched when the socket tells of a new scan. */
export function useCheckinAttempts(sessionId: number | null) {
  return useQuery({
    queryKey: checkinKeys.attempts(sessionId ?? 0),
    queryFn: ({ signal }) => callApi(qrAttemptsList, { sessionId: sessionId ?? 0 }, { signal }),
    enabled: sessionId !== null,
  });
}

/** A scanned token traded for a ticket (works signed out). */
export function scanCheckin(token: string) {
  return callApi(qrScan, { token });
}

export function sendCheckin(ticket: string, fix: { latitude: number; longitude: number; accuracy: number }) {
  return callApi(qrVisit, { token: ticket, x: fix.longitude, y: fix.latitude, accuracy: fix.accuracy });
}
