import { authorizationMatrix } from './authorization.ts';

// Every endpoint, called by each caller: part 2 of 2 (authorization.ts).
authorizationMatrix(1, 2);
