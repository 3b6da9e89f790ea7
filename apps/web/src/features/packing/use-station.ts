import { useQuery } from '@tanstack/react-query';
import type { PackingStation } from '@wms/contract/packing';
import { useState } from 'react';
import { stationsQuery } from './api';
import { rememberedStation, rememberStation, stationToUse } from './station-memory';

/** The station this device packs at in the warehouse (remembered per device), and the choice to change it. */
export function useStation(warehouseId: number) {
  const stations = useQuery({ ...stationsQuery(warehouseId), enabled: warehouseId > 0 });
  const [chosen, setChosen] = useState<number | null>(() => (warehouseId > 0 ? rememberedStation(warehouseId) : null));
  const station: PackingStation | null = stationToUse(stations.data ?? [], chosen);
  const choose = (stationId: number | null) => {
    setChosen(stationId);
    rememberStation(warehouseId, stationId);
  };
  return { stations, station, choose };
}
