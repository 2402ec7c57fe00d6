#include "text_diff.hpp"

#include <algorithm>

namespace npu::memcfg {
namespace {

// Each line with its line ending; the last may have none.
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::size_t size = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(0, size));
    text.remove_prefix(size);
  }
  return lines;
}

std::string_view without_ending(std::string_view line) {
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

enum class Step { keep, remove, add };

// The steps that make `after` of `before`: a longest common subsequence of
// lines between the common head and tail. The files fixed are a few
// hundred lines at most; past a million line pairs, the middle is replaced
// whole rather than compared.
std::vector<Step> steps_between(const std::vector<std::string_view>& before,
                                const std::vector<std::string_view>& after) {
  std::size_t head = 0;
  while (head < before.size() && head < after.size() && before[head] == after[head]) ++head;
  std::size_t tail = 0;
  while (tail < before.size() - head && tail < after.size() - head &&
         before[before.size() - 1 - tail] == after[after.size() - 1 - tail]) {
    ++tail;
  }
  const std::size_t n = before.size() - head - tail;
  const std::size_t m = after.size() - head - tail;
  std::vector<Step> steps(head, Step::keep);
  if (n * m > 1000000) {
    steps.insert(steps.end(), n, Step::remove);
    steps.insert(steps.end(), m, Step::add);
  } else {
    // common[i][j]: the longest common subsequence of the middles' suffixes from i and j.
    std::vector<std::vector<std::size_t>> common(n + 1, std::vector<std::size_t>(m + 1, 0));
    for (std::size_t i = n; i-- > 0;) {
      for (std::size_t j = m; j-- > 0;) {
        common[i][j] = before[head + i] == after[head + j] ? common[i + 1][j + 1] + 1
                                                           : std::max(common[i + 1][j], common[i][j + 1]);
      }
    }
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && before[head + i] == after[head + j]) {
        steps.push_back(Step::keep);
        ++i;
        ++j;
      } else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) {
        steps.push_back(Step::remove);
        ++i;
      } else {
        steps.push_back(Step::add);
        ++j;
      }
    }
  }
  steps.insert(steps.end(), tail, Step::keep);
  return steps;
}

// "-1,3" of a hunk's range: its first line and count (an empty range names
// the line before it, as diff does).
std::string range_text(std::size_t first, std::size_t count) {
  const std::size_t shown = count == 0 ? first - 1 : first;
  return std::to_string(shown) + (count == 1 ? "" : "," + std::to_string(count));
}

void append_line(std::string& out, char mark, std::string_view line) {
  out += mark;
  out += line;
  if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

}  // namespace

std::vector<LineChange> line_changes(std::string_view before, std::string_view after) {
  const std::vector<std::string_view> old_lines = lines_of(before);
  const std::vector<std::string_view> new_lines = lines_of(after);
  std::vector<LineChange> changes;
  std::size_t i = 0;
  std::size_t j = 0;
  bool open = false;
  for (const Step step : steps_between(old_lines, new_lines)) {
    if (step == Step::keep) {
      open = false;
      ++i;
      ++j;
      continue;
    }
    if (!open) changes.push_back({i + 1, {}, {}});
    open = true;
    if (step == Step::remove) {
      changes.back().removed.push_back(without_ending(old_lines[i++]));
    } else {
      changes.back().added.push_back(without_ending(new_lines[j++]));
    }
  }
  return changes;
}

std::string unified_diff(std::string_view before, std::string_view after, const std::string& old_name,
                         const std::string& new_name) {
  if (before == after) return "";
  const std::vector<std::string_view> old_lines = lines_of(before);
  const std::vector<std::string_view> new_lines = lines_of(after);
  const std::vector<Step> steps = steps_between(old_lines, new_lines);
  constexpr std::size_t context = 3;
  std::string out = "--- " + old_name + "\n+++ " + new_name + "\n";
  std::size_t k = 0;
  std::size_t i = 0;  // the old line at steps[k]
  std::size_t j = 0;  // the new line at steps[k]
  while (k < steps.size()) {
    if (steps[k] == Step::keep) {
      ++k;
      ++i;
      ++j;
      continue;
    }
    // A hunk: from `context` kept lines before the change to `context`
    // after the last change that is less than 2 * context + 1 kept lines
    // from the next.
    const std::size_t lead = std::min({context, i, j});
    std::size_t end = k;
    for (std::size_t kept = 0; end < steps.size(); ++end) {
      kept = steps[end] == Step::keep ? kept + 1 : 0;
      if (kept > 2 * context) break;
    }
    // Trailing kept lines of the hunk: at most `context`.
    std::size_t last = end;
    while (last > k && steps[last - 1] == Step::keep) --last;
    const std::size_t stop = std::min(end, last + context);
    std::string body;
    std::size_t old_count = lead;
    std::size_t new_count = lead;
    for (std::size_t back = lead; back > 0; --back) append_line(body, ' ', old_lines[i - back]);
    const std::size_t old_first = i - lead + 1;
    const std::size_t new_first = j - lead + 1;
    for (; k < stop; ++k) {
      if (steps[k] == Step::keep) {
        append_line(body, ' ', old_lines[i++]);
        ++j;
        ++old_count;
        ++new_count;
      } else if (steps[k] == Step::remove) {
        append_line(body, '-', old_lines[i++]);
        ++old_count;
      } else {
        append_line(body, '+', new_lines[j++]);
        ++new_count;
      }
    }
    out += "@@ -" + range_text(old_first, old_count) + " +" + range_text(new_first, new_count) + " @@\n" + body;
  }
  return out;
}

}  // namespace npu::memcfg
