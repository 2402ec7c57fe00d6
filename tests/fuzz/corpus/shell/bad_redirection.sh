echo >
