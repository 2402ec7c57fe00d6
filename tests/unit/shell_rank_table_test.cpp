// Whether a launch has a rank table (section 15.5): RANK_TABLE_FILE or
// MINDSPORE_HCCL_CONFIG_PATH in its environment, any value; never for
// msrun, which starts its own processes.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <npu/memory_config_jobs.hpp>

#include "shell_job.hpp"

using namespace npu;
using npu::test::read_job;

namespace {

// Each launch's rank table, of the script `text`.
std::vector<jobs::Presence> rank_tables(const std::string& text) {
  std::vector<jobs::Presence> found;
  for (const jobs::Launch& launch : read_job({{"/w/job/run.sh", text}}).launches) found.push_back(launch.rank_table);
  return found;
}

using Presences = std::vector<jobs::Presence>;
constexpr jobs::Presence every_path = jobs::Presence::every_path;
constexpr jobs::Presence some_paths = jobs::Presence::some_paths;
constexpr jobs::Presence none = jobs::Presence::none;

}  // namespace

TEST_CASE("a launch has a rank table where either variable is exported with a value", "[shell][rank_table]") {
  CHECK(rank_tables("python3 t.py\n") == Presences{none});
  CHECK(rank_tables("export RANK_TABLE_FILE=/data/hccl_8p.json\npython3 t.py\n") == Presences{every_path});
  CHECK(rank_tables("export MINDSPORE_HCCL_CONFIG_PATH=/data/hccl.json\npython3 t.py\n") == Presences{every_path});
  CHECK(rank_tables("RANK_TABLE_FILE=\"$1\" python3 t.py\n") == Presences{every_path});    // any value
  CHECK(rank_tables("export RANK_TABLE_FILE=\npython3 t.py\n") == Presences{every_path});  // empty is a value
  // Not exported, exported with no value, taken back, unset for the command.
  CHECK(rank_tables("RANK_TABLE_FILE=/data/hccl.json\npython3 t.py\n") == Presences{none});
  CHECK(rank_tables("export RANK_TABLE_FILE\npython3 t.py\n") == Presences{none});
  CHECK(rank_tables("export RANK_TABLE_FILE=x\nexport -n RANK_TABLE_FILE\npython3 t.py\n") == Presences{none});
  CHECK(rank_tables("export RANK_TABLE_FILE=x\nunset RANK_TABLE_FILE\nexport RANK_TABLE_FILE\npython3 t.py\n") ==
        Presences{none});
  CHECK(rank_tables("export RANK_TABLE_FILE=x\nenv -u RANK_TABLE_FILE python3 t.py\n") == Presences{none});
  // On some paths; either variable on every path is enough.
  CHECK(rank_tables("if [ -n \"$1\" ]; then export RANK_TABLE_FILE=x; fi\npython3 t.py\n") == Presences{some_paths});
  CHECK(rank_tables("if [ -n \"$1\" ]; then export RANK_TABLE_FILE=x; fi\n"
                    "export MINDSPORE_HCCL_CONFIG_PATH=y\npython3 t.py\n") == Presences{every_path});
  // msrun starts its workers itself, with no rank table.
  CHECK(rank_tables("export RANK_TABLE_FILE=x\nmsrun --worker_num=8 t.py\npython3 t.py\n") ==
        Presences{none, every_path});
}
