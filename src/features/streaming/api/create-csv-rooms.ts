import { useMutation, useQueryClient } from '@tanstack/react-query';
import { array, number, type } from 'superstruct';
import { api } from '@/lib/api-client';
import { StreamStruct, streamingKey } from './stream';

const CreatedStruct = type({ created: number(), items: array(StreamStruct) });

export interface CsvLineError {
  line: number;
  message: string;
}

/** The per-line errors of a 400 answer (`{message, errors: [{line, message}]}`), if it has them. */
export function csvLineErrors(data: unknown): CsvLineError[] {
  if (!data || typeof data !== 'object' || !('errors' in data) || !Array.isArray(data.errors)) return [];
  return data.errors.filter(
    (e): e is CsvLineError =>
      !!e && typeof e === 'object' && typeof e.line === 'number' && typeof e.message === 'string',
  );
}

/** POST /bff/whereby/create-csv-rooms `{csv, timeZone}`: up to 100 streams, all or none. */
export const createCsvRooms = (csv: string, timeZone: string) =>
  api('/bff/whereby/create-csv-rooms', CreatedStruct, { method: 'POST', body: { csv, timeZone } });

export function useCreateCsvRooms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, timeZone }: { csv: string; timeZone: string }) => createCsvRooms(csv, timeZone),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: streamingKey('list') }),
  });
}
