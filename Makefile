# Thin wrappers over the npm scripts, for the targets the A-Maze-ing subject names.
# Every target runs one npm script; package.json is the one place the commands live.
.PHONY: install build run run_test debug lint lint-strict test test-fast clean fclean

install:
	npm ci

# The library and CLI tarballs and the Python wheel, into build/.
build:
	npm run pack

run:
	npm start

# The whole suite, as CI runs it (the subject's name for it; `make test` is the same).
run_test:
	npm test

# The default command on config.txt under the inspector (chrome://inspect or a debugger on 127.0.0.1:9229).
debug:
	npm run debug

lint:
	npm run lint

lint-strict:
	npm run lint:strict

test:
	npm test

test-fast:
	npm run test:fast

clean:
	npm run clean

fclean:
	npm run fclean
