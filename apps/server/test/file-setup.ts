// The server suites share one module graph per worker (`isolate: false`, decision 0168). What a process keeps
// for its one database, and the port doubles a file puts in, start again for each file, as they did when every
// file loaded the server's modules afresh. Vitest runs this before each file, also without isolation.
import { registerRoomPorts } from '../src/modules/index.js';
import { forgetPartitions } from '../src/modules/traffic/partitions.js';

registerRoomPorts();
forgetPartitions();
